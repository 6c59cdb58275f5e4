import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  /** Copies (the alerts' leaders and administrators). */
  cc?: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

/** Sends through `SMTP_URL`. */
function createSmtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      log.info({ messageId: info.messageId }, 'correo enviado');
    },
    close: () => transport.close(),
  };
}

/** Without SMTP the messages are written as `.eml` files, which any mail client opens. */
function createFileMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ file }, 'correo guardado en archivo (SMTP_URL no está configurado)');
    },
  };
}

export function createMailer(config: { smtpUrl?: string | undefined; mailFrom: string; dataDir: string }, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, log)
    : createFileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, log);
}
