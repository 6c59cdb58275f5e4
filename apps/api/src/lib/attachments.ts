/**
 * Supporting documents kept beside a record (a permission's attachment, a signed overtime pact): the
 * content check, the upload and download routes, and the storage in the owning module's own table.
 */
import { errorResponseSchema, idParamsSchema, type Perfil } from '@jornada/contracts';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ZodApp } from '../app-types';
import type { DbOrTx } from '../db/client';
import { requireSession } from '../plugins/auth';
import type { RequestSession } from '../plugins/types';
import { fieldError } from './access';
import type { Clock } from './clock';
import { readUploadedDocument, type UploadedDocument } from './uploaded-document';

/** The kinds of document accepted, recognised by their content. */
type AttachmentType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** Attachment kinds by their first bytes, never by the name or the declared type. */
function sniffAttachment(buffer: Buffer): AttachmentType | null {
  if (buffer.length >= 5 && buffer.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'image/jpeg';
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

/** A checked upload, as an attachment row stores it (besides its company, owner and author). */
export interface CheckedAttachment {
  nombre: string;
  tipo: AttachmentType;
  tamano: number;
  data: Buffer;
}

/** A stored attachment, as the download sends it. */
export interface AttachmentFile {
  nombre: string;
  tipo: string;
  data: Buffer;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * Checks an uploaded document: not empty, at most `maxBytes`, a PDF, JPEG or PNG by its content (a
 * Spanish 400 on `archivo` otherwise). A file sent without a name takes `fallbackNames` of its kind.
 */
export function checkAttachment(file: UploadedDocument, maxBytes: number, fallbackNames: Record<AttachmentType, string>): CheckedAttachment {
  if (file.buffer.length === 0) throw fieldError('archivo', 'El archivo está vacío.');
  if (file.buffer.length > maxBytes) throw fieldError('archivo', `El archivo supera el tamaño máximo de ${megabytes(maxBytes)} MB.`);
  const tipo = sniffAttachment(file.buffer);
  if (!tipo) throw fieldError('archivo', 'El archivo debe ser un PDF, una imagen JPEG o una imagen PNG.');
  return { nombre: file.filename || fallbackNames[tipo], tipo, tamano: file.buffer.length, data: file.buffer };
}

/** Sends a stored attachment as a download: never shown inline, never sniffed, never cached. */
function sendAttachment(reply: FastifyReply, file: AttachmentFile): FastifyReply {
  const ascii = file.nombre.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.tipo)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.nombre)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

/** The two routes of a record's attachment at `path` (with an `:id`): POST stores it, GET downloads it. */
interface AttachmentRoutes<R extends z.ZodType> {
  path: string;
  tags: string[];
  maxBytes: number;
  upload: {
    perfiles: readonly Perfil[];
    summary: string;
    /** The record as it answers after the upload. */
    response: R;
    store: (session: RequestSession, id: string, file: UploadedDocument, now: Date) => Promise<z.input<R>>;
  };
  download: {
    perfiles: readonly Perfil[];
    summary: string;
    read: (session: RequestSession, id: string) => Promise<AttachmentFile>;
  };
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** Registers the upload (multipart, field `archivo`, replaces the previous one) and download of an attachment. */
export function registerAttachmentRoutes<R extends z.ZodType>(app: ZodApp, routes: AttachmentRoutes<R>, clock: Clock): void {
  const { path, tags, maxBytes, upload, download } = routes;
  // Typed as any schema here (the routes are generic): fastify still checks the reply against it.
  const response: z.ZodType = upload.response;
  app.post(
    path,
    {
      config: { perfiles: upload.perfiles },
      schema: {
        tags,
        summary: upload.summary,
        description: `multipart/form-data con el archivo en el campo \`archivo\`: PDF, JPEG o PNG (reconocidos por su contenido), máximo ${megabytes(maxBytes)} MB. Reemplaza el anterior.`,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: response, ...errors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return upload.store(session, request.params.id, await readUploadedDocument(request, maxBytes), clock());
    },
  );

  app.get(
    path,
    {
      config: { perfiles: download.perfiles },
      schema: { tags, summary: download.summary, params: idParamsSchema },
    },
    async (request, reply) => sendAttachment(reply, await download.read(requireSession(request), request.params.id)),
  );
}

// ---- Storage: one row per record, in the owning module's own table ----------------------------------

/** An attachment table: one row per company and record (`owner`), replaced on each upload. */
type AttachmentTable = PgTable & {
  companyId: PgColumn;
  nombre: PgColumn;
  tipo: PgColumn;
  tamano: PgColumn;
  data: PgColumn;
  createdBy: PgColumn;
  createdAt: PgColumn;
};

/** What an attachment row holds: the checked file, its company and record, and who uploaded it when. */
export type AttachmentRow = CheckedAttachment & { companyId: string; createdBy: string | null; createdAt: Date };

/** Stores a record's attachment in `table` (`values` names the record, whose column is `owner`), replacing the one it had. */
export async function upsertAttachmentRow<T extends AttachmentTable>(db: DbOrTx, table: T, owner: PgColumn, values: T['$inferInsert'] & AttachmentRow): Promise<void> {
  const { nombre, tipo, tamano, data, createdBy, createdAt } = values;
  await db
    .insert(table)
    .values(values)
    .onConflictDoUpdate({ target: [table.companyId, owner], set: { nombre, tipo, tamano, data, createdBy, createdAt } as Partial<T['$inferInsert']> });
}

/** A record's attachment in `table`, or undefined when it has none. */
export async function findAttachmentRow(db: DbOrTx, table: AttachmentTable, owner: PgColumn, companyId: string, ownerId: string): Promise<(AttachmentFile & { tamano: number }) | undefined> {
  const [row] = await db
    .select({ nombre: table.nombre, tipo: table.tipo, tamano: table.tamano, data: table.data })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(owner, ownerId)));
  return row as (AttachmentFile & { tamano: number }) | undefined;
}
