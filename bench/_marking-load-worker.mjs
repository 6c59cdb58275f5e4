// Worker-thread entry of bench/web-marking.ts: runs the shared web-marking load client
// (apps/api/src/test/marking-load.ts) off the server's event loop and posts its result back.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runMarkingLoad } = await import('../apps/api/src/test/marking-load.ts');
runMarkingLoad(workerData).then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (error) => parentPort.postMessage({ ok: false, error: String(error?.stack ?? error) }),
);
