import path from 'node:path';

// Fixed ports keep the config, the server and the workers in agreement without passing state around.
// E2E_PORT / E2E_SMTP_PORT let several runs share a machine; each port gets its own data and mailbox.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5391);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2591);
// WebAuthn and cookies want `localhost`, not 127.0.0.1 (design.md).
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
const root = path.resolve(import.meta.dirname, '../..');
const runDir = path.join(root, '.e2e-data', String(E2E_PORT));
export const E2E_DATA_DIR = path.join(runDir, 'db');
export const E2E_MAILBOX = path.join(runDir, 'mailbox');
