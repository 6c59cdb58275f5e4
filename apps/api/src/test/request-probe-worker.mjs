// The client side of test/request-probe.ts, in a thread of its own so that a server holding its event
// loop cannot also hold the probes: each request is timed from when it is sent to when its body arrives.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const { base, healthEveryMs, mark } = workerData;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let stopping = false;
parentPort.once('message', () => (stopping = true));


async function timed(path, init) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, init);
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

async function loop(everyMs, request, out) {
  while (!stopping) {
    const { ms, status } = await request();
    out.latencies.push(ms);
    out.sentAt.push(Date.now() - ms);
    out.statuses[status] = (out.statuses[status] ?? 0) + 1;
    await sleep(everyMs);
  }
}

// Ready once the server has answered a first health probe: the work starts then.
await timed('/api/health');
parentPort.postMessage('ready');

const health = { latencies: [], sentAt: [], statuses: {} };
const marks = { latencies: [], sentAt: [], statuses: {} };
const loops = [loop(healthEveryMs, () => timed('/api/health'), health)];
if (mark) {
  let kind = 0;
  const tipos = ['entrada', 'salida'];
  const send = () =>
    timed('/api/v1/marcas', {
      method: 'POST',
      headers: { authorization: `Bearer ${mark.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tipo: tipos[kind++ % 2], idCliente: randomUUID() }),
    });
  loops.push(loop(mark.everyMs, send, marks));
}
await Promise.all(loops);
parentPort.postMessage({ health, marks });
