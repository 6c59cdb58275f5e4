import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CARGA_MASIVA_MAX_BYTES } from '@jornada/contracts';
import { closeSpreadsheetReaders } from '../lib/spreadsheet/index';

/**
 * Bulk uploads: one file per request, bounded (routes read it with lib/spreadsheet's
 * readUploadedFile and parse it in the reader threads, which end with the app).
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: CARGA_MASIVA_MAX_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 200 } });
  app.addHook('onClose', closeSpreadsheetReaders);
}
