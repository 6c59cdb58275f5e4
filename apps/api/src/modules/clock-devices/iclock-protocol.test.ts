import { describe, expect, it } from 'vitest';
import { clockMarkKey, countLines, handshakeResponse, kindOfStatus, parseAttlog, pinOfRut, recordInstant } from './iclock-protocol';

describe('parseAttlog', () => {
  it.each([
    {
      name: 'tab-separated line with every field',
      body: '1001\t2026-03-02 08:59:12\t0\t1\t0\t0\t0',
      record: { pin: '1001', date: '2026-03-02', seconds: 8 * 3600 + 59 * 60 + 12, localTime: '2026-03-02 08:59:12', status: 0, verify: 1, workCode: null },
    },
    {
      name: 'only PIN, time and status',
      body: '12345678\t2026-03-02 18:00:00\t1',
      record: { pin: '12345678', localTime: '2026-03-02 18:00:00', status: 1, verify: 0 },
    },
    {
      name: 'status and verify missing default to check-in by password',
      body: '7\t2026-03-02 13:00:05',
      record: { pin: '7', status: 0, verify: 0 },
    },
    {
      name: 'space-separated (old firmware)',
      body: '42 2026-03-02 13:30:00 2 15',
      record: { pin: '42', localTime: '2026-03-02 13:30:00', status: 2, verify: 15 },
    },
    {
      name: 'single-digit hour and a work code',
      body: '9\t2026-03-02 7:05:00\t0\t1\t25',
      record: { localTime: '2026-03-02 07:05:00', seconds: 7 * 3600 + 300, workCode: '25' },
    },
    {
      name: 'CRLF, a BOM and blank lines',
      body: '\uFEFF1001\t2026-03-02 08:00:00\t0\t1\r\n\r\n',
      record: { pin: '1001', localTime: '2026-03-02 08:00:00' },
    },
  ])('$name', ({ body, record }) => {
    const result = parseAttlog(body);
    expect(result.errors).toEqual([]);
    expect(result.records).toHaveLength(1);
    expect(result.records[0]).toMatchObject(record);
  });

  it.each([
    { name: 'empty PIN', line: '\t2026-03-02 08:00:00\t0', reason: 'PIN inválido' },
    { name: 'PIN with symbols', line: '10-01\t2026-03-02 08:00:00\t0', reason: 'PIN inválido' },
    { name: 'no time', line: '1001', reason: 'fecha y hora inválidas' },
    { name: 'impossible date', line: '1001\t2026-02-30 08:00:00\t0', reason: 'fecha y hora inválidas' },
    { name: 'hour 24', line: '1001\t2026-03-02 24:00:00\t0', reason: 'fecha y hora inválidas' },
    { name: 'text status', line: '1001\t2026-03-02 08:00:00\tin', reason: 'estado inválido' },
  ])('reports a line with $name and keeps the rest', ({ line, reason }) => {
    const result = parseAttlog(`${line}\n1002\t2026-03-02 08:01:00\t0\t1`);
    expect(result.errors).toEqual([{ line: 1, text: line.trim(), reason }]);
    expect(result.records.map((r) => [r.line, r.pin])).toEqual([[2, '1002']]);
  });

  it('parses a batch in order with line numbers', () => {
    const body = ['1\t2026-03-02 08:00:00\t0\t1', '2\t2026-03-02 08:01:00\t0\t1', '', '3\t2026-03-02 08:02:00\t0\t1'].join('\n');
    expect(parseAttlog(body).records.map((r) => [r.line, r.pin])).toEqual([
      [1, '1'],
      [2, '2'],
      [4, '3'],
    ]);
  });
});

describe('ZKTeco status → mark kind', () => {
  it.each([
    [0, 'entrada'],
    [1, 'salida'],
    [2, 'inicio_colacion'],
    [3, 'fin_colacion'],
    [4, 'entrada'],
    [5, 'salida'],
    [255, null],
    [6, null],
  ])('%i → %s', (status, kind) => {
    expect(kindOfStatus(status)).toBe(kind);
  });
});

describe('device time → instant in the site zone', () => {
  it.each([
    // Chile continental in winter (UTC-4) and summer (UTC-3).
    { zone: 'America/Santiago', date: '2026-06-15', seconds: 8 * 3600, iso: '2026-06-15T12:00:00.000Z' },
    { zone: 'America/Santiago', date: '2026-01-15', seconds: 8 * 3600, iso: '2026-01-15T11:00:00.000Z' },
    // Magallanes stays on UTC-3 all year.
    { zone: 'America/Punta_Arenas', date: '2026-06-15', seconds: 8 * 3600, iso: '2026-06-15T11:00:00.000Z' },
    // Easter Island: UTC-6 in winter.
    { zone: 'Pacific/Easter', date: '2026-06-15', seconds: 8 * 3600, iso: '2026-06-15T14:00:00.000Z' },
  ])('$date $seconds s in $zone', ({ zone, date, seconds, iso }) => {
    expect(recordInstant({ date, seconds }, zone).toISOString()).toBe(iso);
  });
});

describe('idempotency key and PIN', () => {
  const line = { pin: '1001', localTime: '2026-03-02 08:00:00', status: 0 };
  it('is the same for a resent line and differs for any other field', () => {
    const key = clockMarkKey('CQZ7232560001', line);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(clockMarkKey('CQZ7232560001', { ...line })).toBe(key);
    expect(clockMarkKey('CQZ7232560002', line)).not.toBe(key);
    expect(clockMarkKey('CQZ7232560001', { ...line, pin: '1002' })).not.toBe(key);
    expect(clockMarkKey('CQZ7232560001', { ...line, localTime: '2026-03-02 08:00:01' })).not.toBe(key);
    expect(clockMarkKey('CQZ7232560001', { ...line, status: 1 })).not.toBe(key);
  });

  it.each([
    ['12345678-5', '12345678'],
    ['12.345.678-5', '12345678'],
    ['9876543-K', '9876543'],
  ])('PIN of RUT %s is %s', (rut, pin) => {
    expect(pinOfRut(rut)).toBe(pin);
  });
});

describe('handshake', () => {
  it('answers the options block ZKTeco devices expect', () => {
    const text = handshakeResponse({ serial: 'CQZ7232560001', attlogStamp: null, operlogStamp: '12', timeZoneHours: -3 });
    const lines = text.split('\n');
    expect(lines[0]).toBe('GET OPTION FROM: CQZ7232560001');
    expect(lines).toEqual(
      expect.arrayContaining([
        'ATTLOGStamp=None',
        'OPERLOGStamp=12',
        'ErrorDelay=30',
        'Delay=10',
        'TransInterval=1',
        'TransFlag=1111000000',
        'TimeZone=-3',
        'Realtime=1',
        'Encrypt=0',
      ]),
    );
    expect(lines.some((l) => l.startsWith('TransTimes='))).toBe(true);
  });

  it('counts the lines of other tables', () => {
    expect(countLines('OPLOG 4\t0\t2026-03-02 08:00:00\t0\t0\t0\t0\n\nOPLOG 5\t0\t2026-03-02 08:01:00\t0\t0\t0\t0\n')).toBe(2);
  });
});
