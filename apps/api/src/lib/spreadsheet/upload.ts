import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { CARGA_MASIVA_CAMPO_ARCHIVO, CARGA_MASIVA_MAX_BYTES } from '@jornada/contracts';
import { SPREADSHEET_MESSAGES, spreadsheetError } from './errors';

export interface UploadedFile {
  filename: string;
  buffer: Buffer;
}

/**
 * The name the browser sent, as shown back in the result: control characters (NUL included) and lone
 * surrogates removed, at most 200 characters. Multipart bodies are not seen by the JSON boundary checks.
 */
export function cleanFilename(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '').trim();
  return Array.from(cleaned).slice(0, 200).join('') || 'archivo';
}

const errorCode = (error: unknown) => (error && typeof error === 'object' && 'code' in error ? String(error.code) : '');

/**
 * Reads the one uploaded file of a multipart request into memory, never more than `maxBytes`
 * (the stream is cut at the limit, so a huge upload costs at most that much memory).
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes = CARGA_MASIVA_MAX_BYTES): Promise<UploadedFile> {
  if (!request.isMultipart()) throw spreadsheetError(SPREADSHEET_MESSAGES.notMultipart);
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== CARGA_MASIVA_CAMPO_ARCHIVO) {
        part.file.resume();
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw spreadsheetError(SPREADSHEET_MESSAGES.tooLarge(maxBytes));
      return { filename: cleanFilename(part.filename ?? ''), buffer };
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw spreadsheetError(SPREADSHEET_MESSAGES.tooLarge(maxBytes));
    if (code.startsWith('FST_')) throw spreadsheetError(SPREADSHEET_MESSAGES.notMultipart);
    throw error;
  }
  throw spreadsheetError(SPREADSHEET_MESSAGES.noFile);
}
