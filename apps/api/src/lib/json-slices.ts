import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { slicer } from './slices';

/** Text gathered before it is encoded into one piece of the answer. */
const PIECE_CHARS = 64 * 1024;

/**
 * Sends a large answer (a bulk preview: 5 to 40 MB of JSON at its largest) as the route's serializer
 * would, checked against its contract with zod (unknown keys dropped) and written as JSON, but in
 * slices (lib/slices.ts): the serializer does both in one go and held the event loop up to a second.
 * Each array at the top level of `schema` is checked and written an item at a time; every other field
 * in one piece. Fastify sends the resulting stream as it is (a stream skips the route's serializer).
 */
export async function sendJsonInSlices<S extends z.ZodObject>(reply: FastifyReply, schema: S, value: z.input<S>, statusCode = 200): Promise<FastifyReply> {
  const pause = slicer();
  const pieces: Buffer[] = [];
  let text: string[] = [];
  let chars = 0;
  const write = (part: string) => {
    text.push(part);
    chars += part.length;
    if (chars < PIECE_CHARS) return;
    pieces.push(Buffer.from(text.join(''), 'utf8'));
    text = [];
    chars = 0;
  };
  const checked = (fieldSchema: z.ZodType, fieldValue: unknown): unknown => {
    const result = fieldSchema.safeParse(fieldValue);
    if (!result.success) throw new ResponseSerializationError(reply.request.method, reply.request.url, { cause: result.error });
    return result.data;
  };

  const input = value as Record<string, unknown>;
  let first = true;
  write('{');
  for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const fieldValue = input[key];
    const name = `${first ? '' : ','}${JSON.stringify(key)}:`;
    if (fieldSchema instanceof z.ZodArray && Array.isArray(fieldValue)) {
      write(`${name}[`);
      for (let i = 0; i < fieldValue.length; i++) {
        await pause();
        write(`${i === 0 ? '' : ','}${JSON.stringify(checked(fieldSchema.element as z.ZodType, fieldValue[i]))}`);
      }
      write(']');
    } else {
      const data = checked(fieldSchema, fieldValue);
      // An absent optional field is left out, as JSON.stringify does.
      if (data === undefined) continue;
      write(`${name}${JSON.stringify(data)}`);
    }
    first = false;
  }
  write('}');
  pieces.push(Buffer.from(text.join(''), 'utf8'));
  // Handed to the socket a piece at a time as it drains: one 40 MB write held the event loop too.
  return reply.code(statusCode).type('application/json; charset=utf-8').send(Readable.from(pieces, { objectMode: false }));
}
