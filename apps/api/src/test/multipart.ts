import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file, for `app.inject`. */
export function multipartFile(
  content: Buffer | string,
  options: { filename?: string; field?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----jornada${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'archivo'}"; filename="${options.filename ?? 'usuarios.xlsx'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
