/**
 * The nurse rostering instances of Curtois and Qu (schedulingbenchmarks.org, "Instance1" … "Instance24") in
 * their plain text format: sections introduced by a `SECTION_…` line, comma-separated rows, `#` comments and
 * blank lines ignored, CRLF or LF. Days are indexes from 0 (a Monday); a weekend is days 5 and 6 of a week.
 */

export interface NrpShift {
  id: string;
  /** Length in minutes. */
  minutes: number;
  /** Shift types that may not be worked the day after this one. */
  cannotFollow: string[];
}

export interface NrpStaff {
  id: string;
  /** Most shifts of each type over the horizon; a type not listed is unlimited. */
  maxShifts: Map<string, number>;
  maxTotalMinutes: number;
  minTotalMinutes: number;
  maxConsecutiveShifts: number;
  minConsecutiveShifts: number;
  minConsecutiveDaysOff: number;
  maxWeekends: number;
}

export interface NrpRequest {
  staff: string;
  day: number;
  shift: string;
  weight: number;
}

export interface NrpCover {
  day: number;
  shift: string;
  requirement: number;
  underWeight: number;
  overWeight: number;
}

export interface NrpInstance {
  /** Days in the horizon. */
  horizon: number;
  shifts: NrpShift[];
  staff: NrpStaff[];
  /** Days each staff member may not work (hard). */
  daysOff: Map<string, number[]>;
  /** Penalised when the staff member does not work that shift that day. */
  onRequests: NrpRequest[];
  /** Penalised when the staff member works that shift that day. */
  offRequests: NrpRequest[];
  cover: NrpCover[];
}

/** A malformed instance file: the message names the line (1-based) and what is wrong with it. */
export class NrpParseError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(line === null ? message : `line ${line}: ${message}`);
    this.name = 'NrpParseError';
  }
}

const SECTIONS = [
  'SECTION_HORIZON',
  'SECTION_SHIFTS',
  'SECTION_STAFF',
  'SECTION_DAYS_OFF',
  'SECTION_SHIFT_ON_REQUESTS',
  'SECTION_SHIFT_OFF_REQUESTS',
  'SECTION_COVER',
] as const;
type Section = (typeof SECTIONS)[number];
const REQUIRED: readonly Section[] = ['SECTION_HORIZON', 'SECTION_SHIFTS', 'SECTION_STAFF', 'SECTION_COVER'];

interface Row {
  line: number;
  fields: string[];
}

/** Parses an instance; throws `NrpParseError` on anything it cannot read unambiguously. */
export function parseNrpInstance(text: string): NrpInstance {
  const sections = splitSections(text);
  for (const name of REQUIRED) if (!sections.has(name)) throw new NrpParseError(`missing ${name}`);

  const horizonRows = sections.get('SECTION_HORIZON')!;
  if (horizonRows.length !== 1 || horizonRows[0]!.fields.length !== 1) throw new NrpParseError('SECTION_HORIZON must hold exactly one number', horizonRows[0]?.line ?? null);
  const horizon = integer(horizonRows[0]!, 0, 'horizon', 1);

  const shifts: NrpShift[] = [];
  const shiftIds = new Set<string>();
  const following: { shift: NrpShift; ids: string[]; row: Row }[] = [];
  for (const row of sections.get('SECTION_SHIFTS')!) {
    if (row.fields.length < 2 || row.fields.length > 3) throw new NrpParseError(`a shift is "ID, minutes, cannot-follow ids", got ${row.fields.length} fields`, row.line);
    const id = identifier(row, 0, 'shift id');
    if (shiftIds.has(id)) throw new NrpParseError(`shift ${id} is defined twice`, row.line);
    shiftIds.add(id);
    const shift: NrpShift = { id, minutes: integer(row, 1, `length of shift ${id}`, 1), cannotFollow: [] };
    shifts.push(shift);
    following.push({ shift, ids: list(row.fields[2] ?? ''), row });
  }
  if (shifts.length === 0) throw new NrpParseError('SECTION_SHIFTS defines no shift');
  for (const { shift, ids, row } of following) {
    for (const id of ids) if (!shiftIds.has(id)) throw new NrpParseError(`shift ${shift.id}: unknown shift ${id} among those that cannot follow it`, row.line);
    shift.cannotFollow = ids;
  }
  const knownShift = (row: Row, index: number): string => {
    const id = identifier(row, index, 'shift id');
    if (!shiftIds.has(id)) throw new NrpParseError(`unknown shift ${id}`, row.line);
    return id;
  };

  const staff: NrpStaff[] = [];
  const staffIds = new Set<string>();
  for (const row of sections.get('SECTION_STAFF')!) {
    if (row.fields.length !== 8) throw new NrpParseError(`a staff row has 8 fields (ID, MaxShifts, MaxTotalMinutes, MinTotalMinutes, MaxConsecutiveShifts, MinConsecutiveShifts, MinConsecutiveDaysOff, MaxWeekends), got ${row.fields.length}`, row.line);
    const id = identifier(row, 0, 'staff id');
    if (staffIds.has(id)) throw new NrpParseError(`staff ${id} is defined twice`, row.line);
    staffIds.add(id);
    const maxShifts = new Map<string, number>();
    for (const pair of list(row.fields[1]!)) {
      const [shift, value, ...rest] = pair.split('=').map((p) => p.trim());
      if (!shift || value === undefined || rest.length > 0) throw new NrpParseError(`staff ${id}: MaxShifts entry "${pair}" is not SHIFT=number`, row.line);
      if (!shiftIds.has(shift)) throw new NrpParseError(`staff ${id}: unknown shift ${shift} in MaxShifts`, row.line);
      maxShifts.set(shift, wholeNumber(value, row, `staff ${id}: MaxShifts of ${shift}`));
    }
    const field = (index: number, what: string): number => integer(row, index, `staff ${id}: ${what}`);
    const member: NrpStaff = {
      id,
      maxShifts,
      maxTotalMinutes: field(2, 'MaxTotalMinutes'),
      minTotalMinutes: field(3, 'MinTotalMinutes'),
      maxConsecutiveShifts: field(4, 'MaxConsecutiveShifts'),
      minConsecutiveShifts: field(5, 'MinConsecutiveShifts'),
      minConsecutiveDaysOff: field(6, 'MinConsecutiveDaysOff'),
      maxWeekends: field(7, 'MaxWeekends'),
    };
    if (member.minTotalMinutes > member.maxTotalMinutes) throw new NrpParseError(`staff ${id}: MinTotalMinutes exceeds MaxTotalMinutes`, row.line);
    staff.push(member);
  }
  if (staff.length === 0) throw new NrpParseError('SECTION_STAFF defines no staff');
  const knownStaff = (row: Row): string => {
    const id = identifier(row, 0, 'staff id');
    if (!staffIds.has(id)) throw new NrpParseError(`unknown staff ${id}`, row.line);
    return id;
  };
  const day = (row: Row, index: number): number => {
    const d = integer(row, index, 'day');
    if (d >= horizon) throw new NrpParseError(`day ${d} is outside the horizon of ${horizon} days`, row.line);
    return d;
  };

  const daysOff = new Map<string, number[]>();
  for (const row of sections.get('SECTION_DAYS_OFF') ?? []) {
    const id = knownStaff(row);
    const days = daysOff.get(id) ?? [];
    for (let i = 1; i < row.fields.length; i++) if (row.fields[i] !== '') days.push(day(row, i));
    daysOff.set(id, days);
  }

  const requests = (section: Section): NrpRequest[] =>
    (sections.get(section) ?? []).map((row) => {
      if (row.fields.length !== 4) throw new NrpParseError(`a request is "EmployeeID, Day, ShiftID, Weight", got ${row.fields.length} fields`, row.line);
      return { staff: knownStaff(row), day: day(row, 1), shift: knownShift(row, 2), weight: weight(row, 3) };
    });
  const onRequests = requests('SECTION_SHIFT_ON_REQUESTS');
  const offRequests = requests('SECTION_SHIFT_OFF_REQUESTS');

  const cover: NrpCover[] = [];
  const covered = new Set<string>();
  for (const row of sections.get('SECTION_COVER')!) {
    if (row.fields.length !== 5) throw new NrpParseError(`a cover row is "Day, ShiftID, Requirement, Weight for under, Weight for over", got ${row.fields.length} fields`, row.line);
    const entry: NrpCover = { day: day(row, 0), shift: knownShift(row, 1), requirement: integer(row, 2, 'requirement'), underWeight: weight(row, 3), overWeight: weight(row, 4) };
    const key = `${entry.day}/${entry.shift}`;
    if (covered.has(key)) throw new NrpParseError(`cover for day ${entry.day}, shift ${entry.shift} is given twice`, row.line);
    covered.add(key);
    cover.push(entry);
  }

  return { horizon, shifts, staff, daysOff, onRequests, offRequests, cover };
}

/** The rows of each section, comments and blank lines dropped. */
function splitSections(text: string): Map<Section, Row[]> {
  const sections = new Map<Section, Row[]>();
  let current: Row[] | null = null;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    const hash = raw.indexOf('#');
    const content = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    if (content === '') return;
    if (content.startsWith('SECTION_')) {
      if (!(SECTIONS as readonly string[]).includes(content)) throw new NrpParseError(`unknown section ${content}`, line);
      if (sections.has(content as Section)) throw new NrpParseError(`${content} appears twice`, line);
      current = [];
      sections.set(content as Section, current);
      return;
    }
    if (current === null) throw new NrpParseError(`"${content}" comes before any SECTION_ line`, line);
    current.push({ line, fields: content.split(',').map((f) => f.trim()) });
  });
  return sections;
}

function list(field: string): string[] {
  return field
    .split('|')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function identifier(row: Row, index: number, what: string): string {
  const value = row.fields[index] ?? '';
  if (!/^[A-Za-z0-9_]+$/.test(value)) throw new NrpParseError(`${what} "${value}" is not a name of letters, digits or _`, row.line);
  return value;
}

function wholeNumber(value: string, row: Row, what: string, min = 0): number {
  if (!/^\d+$/.test(value) || Number(value) < min) throw new NrpParseError(`${what} "${value}" is not a whole number${min > 0 ? ` of at least ${min}` : ''}`, row.line);
  return Number(value);
}

function integer(row: Row, index: number, what: string, min = 0): number {
  return wholeNumber(row.fields[index] ?? '', row, what, min);
}

function weight(row: Row, index: number): number {
  const value = row.fields[index] ?? '';
  if (!/^\d+(\.\d+)?$/.test(value)) throw new NrpParseError(`weight "${value}" is not a non-negative number`, row.line);
  return Number(value);
}
