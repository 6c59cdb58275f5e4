import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { checkedOriginalTime, CLOCK_ONLINE_WINDOW_MS, isOffline } from './marks.plan';
import { MARK_COLUMNS } from './marks.repository';
import type { RecordMarkInput } from './marks.types';

const now = new Date('2026-03-02T12:00:00.000Z');
const minutes = (n: number) => new Date(now.getTime() - n * 60_000);
const input = (metodo: RecordMarkInput['metodo'], horaOriginal?: Date): RecordMarkInput => ({
  companyId: 'c',
  userId: 'u',
  tipo: 'entrada',
  metodo,
  idCliente: 'x',
  ...(horaOriginal ? { horaOriginal } : {}),
});

describe('which marks are the offline exception', () => {
  it.each([
    ['web, server time', 'web', null, false],
    ['web, device time (sent later)', 'web', minutes(1), true],
    ['kiosk PIN, device time', 'kiosco_pin', minutes(30), true],
    ['clock device, pushed within the window', 'reloj', new Date(now.getTime() - CLOCK_ONLINE_WINDOW_MS), false],
    ['clock device, one second past the window', 'reloj', new Date(now.getTime() - CLOCK_ONLINE_WINDOW_MS - 1000), true],
    ['correction, corrected time (never offline)', 'correccion', minutes(60 * 24 * 5), false],
  ] as const)('%s', (_label, metodo, originalAt, offline) => {
    expect(isOffline(metodo, originalAt, now)).toBe(offline);
  });
});

describe('the original time of a mark', () => {
  const reason = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error instanceof AppError ? error.fields?.horaOriginal : String(error);
    }
    return null;
  };

  it('is absent for a mark at server time', () => {
    expect(checkedOriginalTime(input('web'), now)).toBeNull();
  });

  it('accepts an offline mark up to 72 hours old and refuses one older, in Spanish', () => {
    expect(checkedOriginalTime(input('web', minutes(72 * 60)), now)).toEqual(minutes(72 * 60));
    expect(reason(() => checkedOriginalTime(input('web', minutes(72 * 60 + 1)), now))).toMatch(/más de 72 horas/);
  });

  it('lets a correction name any past time, and no mark a future one beyond the clock skew', () => {
    expect(checkedOriginalTime(input('correccion', minutes(60 * 24 * 10)), now)).toEqual(minutes(60 * 24 * 10));
    expect(checkedOriginalTime(input('web', new Date(now.getTime() + 60_000)), now)).toEqual(new Date(now.getTime() + 60_000));
    expect(reason(() => checkedOriginalTime(input('correccion', new Date(now.getTime() + 3 * 60_000)), now))).toBe('La hora original no puede estar en el futuro.');
  });
});

describe('MARK_COLUMNS', () => {
  it('is derived from the marks table: every column, with the casts the batch insert writes', () => {
    expect(MARK_COLUMNS).toEqual([
      ['company_id', 'uuid', 'companyId'],
      ['id', 'uuid', 'id'],
      ['user_id', 'uuid', 'userId'],
      ['seq', 'int', 'seq'],
      ['kind', 'mark_kind', 'kind'],
      ['method', 'mark_method', 'method'],
      ['at', 'timestamptz', 'at'],
      ['original_at', 'timestamptz', 'originalAt'],
      ['offline', 'boolean', 'offline'],
      ['site_id', 'uuid', 'siteId'],
      ['lat', 'float8', 'lat'],
      ['lng', 'float8', 'lng'],
      ['accuracy_m', 'float8', 'accuracyM'],
      ['distance_m', 'float8', 'distanceM'],
      ['outside_geofence', 'boolean', 'outsideGeofence'],
      ['low_accuracy', 'boolean', 'lowAccuracy'],
      ['device', 'text', 'device'],
      ['device_id', 'uuid', 'deviceId'],
      ['client_id', 'text', 'clientId'],
      ['corrects_mark_id', 'uuid', 'correctsMarkId'],
      ['prev_hash', 'text', 'prevHash'],
      ['hash', 'text', 'hash'],
    ]);
  });
});
