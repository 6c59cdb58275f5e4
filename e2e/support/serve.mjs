// Starts the product exactly as `npm start` does, on a database made fresh for this e2e run.
import { rmSync } from 'node:fs';

rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../../scripts/start.mjs');
