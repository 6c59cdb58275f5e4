import type { FastifyRequest } from 'fastify';
import { fieldError } from './access';
import { cleanFilename } from './spreadsheet/upload';

/** A document sent as the one file of a multipart body: its cleaned name and bytes (content not checked yet). */
export interface UploadedDocument {
  filename: string;
  buffer: Buffer;
}

const FIELD = 'archivo';

/**
 * Reads the one file of a multipart body (field `archivo`), refusing more than `maxBytes` (a licence's
 * scan, a signed overtime pact). Every refusal is a Spanish 400 on the field; the caller checks the
 * content's type.
 */
export async function readUploadedDocument(request: FastifyRequest, maxBytes: number): Promise<UploadedDocument> {
  const tooLarge = () => fieldError(FIELD, `El archivo supera el tamaño máximo de ${Math.round(maxBytes / (1024 * 1024))} MB.`);
  const notMultipart = () => fieldError(FIELD, 'Envía el documento como multipart/form-data en el campo «archivo».');
  if (!request.isMultipart()) throw notMultipart();
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FIELD) {
        part.file.resume();
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      return { filename: cleanFilename(part.filename ?? '').replace(/[\\/]/g, '_'), buffer };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_')) throw notMultipart();
    throw error;
  }
  throw fieldError(FIELD, 'Adjunta un PDF, JPEG o PNG en el campo «archivo».');
}
