import type { FastifyInstance } from 'fastify';

let stamp = 1;

/**
 * One attendance line pushed as a ZKTeco clock would (`ATTLOG` over the iclock protocol), for the worker
 * `pin`, from `address`, under `prefix` (the server path configured on the device, `/r/<clave>` or none).
 * Each push has its own stamp and minute, so no two are the same line.
 */
export function pushAttendanceLine(app: FastifyInstance, options: { serial: string; pin: string; address: string; prefix?: string }) {
  const current = stamp++;
  return app.inject({
    method: 'POST',
    url: `${options.prefix ?? ''}/iclock/cdata?SN=${options.serial}&table=ATTLOG&Stamp=${current}`,
    payload: `${options.pin}\t2025-06-02 08:${String(10 + ((current + 1) % 40)).padStart(2, '0')}:00\t${(current + 1) % 2}\t1\t0\t0\t0`,
    headers: { 'content-type': 'text/plain' },
    remoteAddress: options.address,
  });
}
