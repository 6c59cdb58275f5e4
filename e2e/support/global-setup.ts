import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E_MAILBOX, SMTP_PORT } from './env';

/** A real SMTP server for the run: every message the product sends lands as a .eml file in the mailbox folder. */
export default async function globalSetup() {
  rmSync(E2E_MAILBOX, { recursive: true, force: true });
  mkdirSync(E2E_MAILBOX, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        count += 1;
        writeFileSync(path.join(E2E_MAILBOX, `${Date.now()}-${count}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
