import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';
import { createTestDatabase, TestClock } from '../test/app';
import { enqueueJob, JobQueue } from './jobs';

let database: Database;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('job queue', () => {
  it('retries a failing job with backoff and delivers it exactly once when it recovers', async () => {
    const clock = new TestClock();
    const queue = new JobQueue({ db: database.db, clock: clock.now, log });
    let failures = 3;
    const delivered: unknown[] = [];
    queue.handle('correo-prueba', async (payload) => {
      if (failures-- > 0) throw new Error('SMTP caído');
      delivered.push(payload);
    });
    await enqueueJob(database.db, 'correo-prueba', { n: 1 }, clock.now());
    for (let i = 0; i < 10; i++) {
      await queue.runOnce();
      clock.advance(60_000);
    }
    expect(delivered).toEqual([{ n: 1 }]);
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ attempts: 4, lastError: null });
    expect(row!.doneAt).not.toBeNull();
    expect(await queue.depth()).toBe(0);
  });

  it('two workers on one database run each job once', async () => {
    const clock = new TestClock();
    const ran: number[] = [];
    const make = () => {
      const queue = new JobQueue({ db: database.db, clock: clock.now, log, batchSize: 5 });
      queue.handle('doble', async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        ran.push((payload as { n: number }).n);
      });
      return queue;
    };
    for (let n = 0; n < 40; n++) await enqueueJob(database.db, 'doble', { n }, clock.now());
    const [a, b] = [make(), make()];
    await Promise.all([a.drain(), b.drain()]);
    expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });
});
