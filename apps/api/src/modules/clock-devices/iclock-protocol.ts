import { createHash } from 'node:crypto';
import { isValidLocalDate, localToInstant, type LocalDate, type MarkKind } from '@jornada/domain';

/**
 * The ZKTeco ADMS ("iclock") push protocol, as plain functions: the handshake's options block, the
 * ATTLOG upload lines, the status → mark kind table and the idempotency key of a log line. No I/O,
 * so every rule is table-tested without a device.
 */

/** One attendance line of an ATTLOG upload, still in the device's local time. */
export interface AttlogRecord {
  /** 1-based line number in the upload (for logs). */
  line: number;
  /** The device user's PIN (enrolment number), as typed on the device. */
  pin: string;
  /** `YYYY-MM-DD` local to the device. */
  date: LocalDate;
  /** Seconds since local midnight. */
  seconds: number;
  /** `YYYY-MM-DD HH:MM:SS` as the device sent it (the original time of the mark). */
  localTime: string;
  /** ZKTeco attendance state: 0 check-in, 1 check-out, 2 break-out, 3 break-in, 4 OT-in, 5 OT-out. */
  status: number;
  /** ZKTeco verification mode: 0 password, 1 fingerprint, 2 card, 15 face… */
  verify: number;
  workCode: string | null;
}

interface AttlogLineError {
  line: number;
  text: string;
  reason: string;
}

interface AttlogParseResult {
  records: AttlogRecord[];
  errors: AttlogLineError[];
}

const TIME_SHAPE = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2}):(\d{2})$/;
const PIN_SHAPE = /^[0-9A-Za-z]{1,24}$/;

/**
 * Parses the body of `POST /iclock/cdata?table=ATTLOG`: one record per line,
 * `PIN\tYYYY-MM-DD HH:MM:SS\tstatus\tverify\tworkcode\treserved\treserved`. Blank lines are skipped;
 * malformed lines are reported (the device is still answered for them, so it does not resend them
 * forever) and never become marks.
 */
export function parseAttlog(body: string): AttlogParseResult {
  const records: AttlogRecord[] = [];
  const errors: AttlogLineError[] = [];
  const lines = body.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trim();
    if (!text) return;
    // Most firmware separates with tabs; a few older ones with runs of spaces after the time.
    const fields = raw.includes('\t') ? raw.split('\t').map((f) => f.trim()) : splitSpaces(text);
    const [pin = '', time = '', status = '', verify = '', workCode = ''] = fields;
    const fail = (reason: string) => errors.push({ line, text, reason });
    if (!PIN_SHAPE.test(pin)) return fail('PIN inválido');
    const match = TIME_SHAPE.exec(time);
    if (!match) return fail('fecha y hora inválidas');
    const [, date, hh, mm, ss] = match as unknown as [string, string, string, string, string];
    const h = Number(hh);
    const m = Number(mm);
    const s = Number(ss);
    if (!isValidLocalDate(date) || h > 23 || m > 59 || s > 59) return fail('fecha y hora inválidas');
    const statusNumber = status === '' ? 0 : Number(status);
    if (!Number.isInteger(statusNumber) || statusNumber < 0) return fail('estado inválido');
    const verifyNumber = verify === '' ? 0 : Number(verify);
    records.push({
      line,
      pin,
      date,
      seconds: h * 3600 + m * 60 + s,
      localTime: `${date} ${hh.padStart(2, '0')}:${mm}:${ss}`,
      status: statusNumber,
      verify: Number.isInteger(verifyNumber) ? verifyNumber : 0,
      workCode: workCode && workCode !== '0' ? workCode : null,
    });
  });
  return { records, errors };
}

/** `PIN DATE TIME status verify …` separated by spaces: the date and time are two tokens to join. */
function splitSpaces(text: string): string[] {
  const tokens = text.split(/\s+/);
  if (tokens.length >= 3 && /^\d{4}-\d{2}-\d{2}$/.test(tokens[1]!)) return [tokens[0]!, `${tokens[1]} ${tokens[2]}`, ...tokens.slice(3)];
  return tokens;
}

/**
 * ZKTeco's attendance states (the "state keys" of the terminal): 0 Check-In, 1 Check-Out,
 * 2 Break-Out, 3 Break-In, 4 OT-In (overtime entry), 5 OT-Out (overtime exit). Overtime in/out are
 * an entrada/salida for the law (the evaluation decides what is overtime). Anything else (255 =
 * "no state key pressed", custom states) has no kind.
 */
const ZK_STATUS_TO_KIND: Readonly<Record<number, MarkKind>> = {
  0: 'entrada',
  1: 'salida',
  2: 'inicio_colacion',
  3: 'fin_colacion',
  4: 'entrada',
  5: 'salida',
};

export function kindOfStatus(status: number): MarkKind | null {
  return ZK_STATUS_TO_KIND[status] ?? null;
}

/** The instant of a device log line, reading its wall time in the site's zone. */
export function recordInstant(record: Pick<AttlogRecord, 'date' | 'seconds'>, timeZone: string): Date {
  return new Date(localToInstant(timeZone, record.date, record.seconds));
}

/**
 * The idempotency key of a log line: a uuid-shaped digest of serial, PIN, local time and status. A
 * device that resends the same lines (after a lost answer or a restart) produces the same keys, so
 * `recordMark` ignores them.
 */
export function clockMarkKey(serial: string, record: Pick<AttlogRecord, 'pin' | 'localTime' | 'status'>): string {
  const hex = createHash('sha256').update(`iclock|${serial}|${record.pin}|${record.localTime}|${record.status}`).digest('hex');
  // RFC 4122 layout with version 5 and the variant bits, so any uuid validator accepts it.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The device user PIN of a worker: the body of their RUT (no dots, no check digit), e.g. 12345678
 * for 12.345.678-5. Unique in the company because the RUT is, and typed once when the worker is
 * enrolled on the clock.
 */
export function pinOfRut(rut: string): string {
  return rut.replace(/\./g, '').split('-')[0]!.replace(/^0+/, '');
}

interface HandshakeOptions {
  serial: string;
  /** The last ATTLOG stamp the device reported (so it sends only newer logs), or null for all. */
  attlogStamp: string | null;
  operlogStamp: string | null;
  /** The site's UTC offset in whole hours, so the device clock shows local time. */
  timeZoneHours: number;
}

/** The plain-text options block of the handshake (`GET /iclock/cdata?SN=…&options=all`). */
export function handshakeResponse(options: HandshakeOptions): string {
  return [
    `GET OPTION FROM: ${options.serial}`,
    `ATTLOGStamp=${options.attlogStamp ?? 'None'}`,
    `OPERLOGStamp=${options.operlogStamp ?? 'None'}`,
    'ATTPHOTOStamp=None',
    'ErrorDelay=30',
    'Delay=10',
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=1111000000',
    `TimeZone=${options.timeZoneHours}`,
    'Realtime=1',
    'Encrypt=0',
    'ServerVer=2.4.1',
  ].join('\n');
}

/** How many data lines a non-ATTLOG upload carries (OPERLOG, ATTPHOTO…), for its `OK: <n>`. */
export function countLines(body: string): number {
  return body.split(/\r?\n/).filter((line) => line.trim() !== '').length;
}
