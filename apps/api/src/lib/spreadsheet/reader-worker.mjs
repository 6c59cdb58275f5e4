// Entry of a spreadsheet reader thread (lib/spreadsheet/reader-pool.ts). The server runs its
// TypeScript through tsx's loader, and a new thread has no loader of its own: register it here,
// then load the reader.
import { register } from 'tsx/esm/api';

register();
const { default: read } = await import('./reader.worker.ts');

export default read;
