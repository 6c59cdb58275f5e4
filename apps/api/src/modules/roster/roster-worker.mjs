// Entry of the roster solver's process (roster.solver.ts). The server runs its TypeScript through tsx's
// loader, and a new process has no loader of its own: register it here, then load the solver.
import { register } from 'tsx/esm/api';

register();
const { default: solve } = await import('./roster.worker.ts');

export default solve;
