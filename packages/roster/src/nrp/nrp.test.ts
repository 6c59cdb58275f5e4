/**
 * The adapter for Curtois and Qu's nurse rostering format, on instances written here (theirs are not
 * committed): the parser and its errors, the model against a hand-reasoned optimum and against exhaustive
 * search, and the checker as the judge of what the solver returns.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHighs, type Highs } from '../solve';
import { checkNrpRoster, NrpParseError, parseNrpInstance, solveNrp, type NrpInstance } from './index';

let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

/**
 * One week, one shift type, two people who must each work 4 or 5 shifts (1920–2400 minutes), one person a day
 * wanted. Eight shifts or more on seven one-person days leave at least one day over-covered, so 1 is a lower
 * bound. It is reached, with both requests met, by
 *   A: D . . D D D .   (the single day at the start is allowed: the days before the horizon are unknown)
 *   B: . D D . . D D   (day 0 is B's day off; day 3 is B's off-request)
 * with Saturday over-covered. Read strictly at the edges (a block at the start treated as interior), A could
 * not work day 0 alone and the optimum would be 2.
 */
const ONE_WEEK = `# A hand-made instance in the benchmark's format
SECTION_HORIZON
# All instances start on a Monday
7

SECTION_SHIFTS
# ShiftID, Length in mins, Shifts which cannot follow this shift | separated
D,480,

SECTION_STAFF
# ID, MaxShifts, MaxTotalMinutes, MinTotalMinutes, MaxConsecutiveShifts, MinConsecutiveShifts, MinConsecutiveDaysOff, MaxWeekends
A,D=7,2400,1920,5,2,2,1
B,D=7,2400,1920,5,2,2,1

SECTION_DAYS_OFF
# EmployeeID, DayIndexes (start at zero)
A,6
B,0

SECTION_SHIFT_ON_REQUESTS
# EmployeeID, Day, ShiftID, Weight
A,0,D,2

SECTION_SHIFT_OFF_REQUESTS
# EmployeeID, Day, ShiftID, Weight
B,3,D,1

SECTION_COVER
# Day, ShiftID, Requirement, Weight for under, Weight for over
0,D,1,100,1
1,D,1,100,1
2,D,1,100,1
3,D,1,100,1
4,D,1,100,1
5,D,1,100,1
6,D,1,100,1
`;

/** Two shift types (E may not follow L), different contracts, requests both ways and uneven cover weights. */
const TWO_SHIFTS = `SECTION_HORIZON
7
SECTION_SHIFTS
E,480,
L,600,E
SECTION_STAFF
A,E=7|L=3,3000,1440,4,2,2,1
B,E=5|L=0,2400,960,3,1,1,0
C,E=7|L=1,2600,1200,5,2,1,1
SECTION_DAYS_OFF
B,2
C,4
SECTION_SHIFT_ON_REQUESTS
A,0,L,3
B,1,E,2
C,5,L,2
SECTION_SHIFT_OFF_REQUESTS
A,3,E,2
C,0,E,1
SECTION_COVER
0,E,1,100,1
0,L,1,100,1
1,E,2,80,1
1,L,1,100,2
2,E,1,100,1
2,L,1,100,1
3,E,1,60,1
3,L,1,100,1
4,E,1,100,3
4,L,0,100,1
5,E,1,100,1
5,L,1,100,1
6,E,0,100,1
6,L,1,90,1
`;

describe('parseNrpInstance', () => {
  it('reads every section, ignoring comments and blank lines', () => {
    const instance = parseNrpInstance(ONE_WEEK);
    expect(instance.horizon).toBe(7);
    expect(instance.shifts).toEqual([{ id: 'D', minutes: 480, cannotFollow: [] }]);
    expect(instance.staff[0]).toEqual({
      id: 'A',
      maxShifts: new Map([['D', 7]]),
      maxTotalMinutes: 2400,
      minTotalMinutes: 1920,
      maxConsecutiveShifts: 5,
      minConsecutiveShifts: 2,
      minConsecutiveDaysOff: 2,
      maxWeekends: 1,
    });
    expect(instance.daysOff).toEqual(new Map([['A', [6]], ['B', [0]]]));
    expect(instance.onRequests).toEqual([{ staff: 'A', day: 0, shift: 'D', weight: 2 }]);
    expect(instance.offRequests).toEqual([{ staff: 'B', day: 3, shift: 'D', weight: 1 }]);
    expect(instance.cover).toHaveLength(7);
    expect(instance.cover[4]).toEqual({ day: 4, shift: 'D', requirement: 1, underWeight: 100, overWeight: 1 });
  });

  it('reads successions and per-type limits, without blank lines between sections', () => {
    const instance = parseNrpInstance(TWO_SHIFTS);
    expect(instance.shifts.map((s) => [s.id, s.minutes, s.cannotFollow])).toEqual([
      ['E', 480, []],
      ['L', 600, ['E']],
    ]);
    expect(instance.staff[1]!.maxShifts).toEqual(new Map([['E', 5], ['L', 0]]));
  });

  it('reads CRLF files and a days-off row with no days the same way', () => {
    const crlf = parseNrpInstance(ONE_WEEK.replace(/\n/g, '\r\n'));
    expect(crlf).toEqual(parseNrpInstance(ONE_WEEK));
    const empty = parseNrpInstance(ONE_WEEK.replace('B,0\n', 'B,\n'));
    expect(empty.daysOff.get('B')).toEqual([]);
  });

  it.each([
    ['a missing section', ONE_WEEK.replace(/SECTION_COVER[\s\S]*$/, ''), /missing SECTION_COVER/],
    ['an unknown section', ONE_WEEK.replace('SECTION_DAYS_OFF', 'SECTION_HOLIDAYS'), /line 15: unknown section SECTION_HOLIDAYS/],
    ['a section given twice', `${ONE_WEEK}SECTION_HORIZON\n7\n`, /SECTION_HORIZON appears twice/],
    ['data before any section', `7\n${ONE_WEEK}`, /line 1: "7" comes before any SECTION_ line/],
    ['a horizon that is not a number', ONE_WEEK.replace('\n7\n', '\nseven\n'), /horizon "seven" is not a whole number/],
    ['a staff row with a field missing', ONE_WEEK.replace('A,D=7,2400,1920,5,2,2,1', 'A,D=7,2400,1920,5,2,2'), /line 12: a staff row has 8 fields .* got 7/],
    ['an unknown shift in MaxShifts', ONE_WEEK.replace('A,D=7,', 'A,N=7,'), /line 12: staff A: unknown shift N in MaxShifts/],
    ['a malformed MaxShifts entry', ONE_WEEK.replace('A,D=7,', 'A,D7,'), /staff A: MaxShifts entry "D7" is not SHIFT=number/],
    ['a day outside the horizon', ONE_WEEK.replace('A,6\n', 'A,7\n'), /line 17: day 7 is outside the horizon of 7 days/],
    ['a request for an unknown staff member', ONE_WEEK.replace('A,0,D,2', 'Z,0,D,2'), /unknown staff Z/],
    ['a negative weight', ONE_WEEK.replace('B,3,D,1', 'B,3,D,-1'), /weight "-1" is not a non-negative number/],
    ['cover given twice for a day and shift', ONE_WEEK.replace('6,D,1,100,1', '5,D,1,100,1'), /cover for day 5, shift D is given twice/],
    ['an unknown shift that cannot follow', TWO_SHIFTS.replace('L,600,E', 'L,600,E|N'), /shift L: unknown shift N among those that cannot follow it/],
    ['min minutes above max minutes', ONE_WEEK.replace('A,D=7,2400,1920', 'A,D=7,1900,1920'), /staff A: MinTotalMinutes exceeds MaxTotalMinutes/],
  ])('rejects %s with a clear message', (_, text, message) => {
    expect(() => parseNrpInstance(text)).toThrow(NrpParseError);
    expect(() => parseNrpInstance(text)).toThrow(message);
  });
});

describe('checkNrpRoster', () => {
  const instance = parseNrpInstance(ONE_WEEK);
  const optimal = [
    ['D', null, null, 'D', 'D', 'D', null],
    [null, 'D', 'D', null, null, 'D', 'D'],
  ];

  it('scores the hand-reasoned optimum 1 and finds it lawful', () => {
    expect(checkNrpRoster(instance, optimal)).toEqual({ objective: 1, violations: [] });
  });

  it('lets a short block touch the edges of the horizon but not sit inside it', () => {
    // In the optimum A works day 0 alone: a short block at the start is fine…
    expect(checkNrpRoster(instance, optimal).violations).toEqual([]);
    // …but the same lone day inside the week breaks MinConsecutiveShifts, and the lone day off around it
    // breaks MinConsecutiveDaysOff.
    const inside = [[null, 'D', null, 'D', 'D', 'D', null], optimal[1]!];
    expect(checkNrpRoster(instance, inside).violations).toEqual([
      'staff A: 1 working days in a row from day 1, at least 2',
      'staff A: 1 days off in a row from day 2, at least 2',
    ]);
  });

  it('reports every kind of broken rule and prices requests and cover', () => {
    const two = parseNrpInstance(TWO_SHIFTS);
    const roster = [
      ['L', 'E', 'L', 'L', 'L', 'L', null], // E after L on day 1, 5 L (max 3), 3480 minutes (max 3000), 6 days in a row (max 4)
      ['E', 'E', 'E', null, null, 'E', null], // works its day off (2) and a weekend (max 0)
      [null, null, null, null, 'E', null, null], // works its day off (4), 480 minutes (min 1200), a lone interior day
    ];
    const { violations, objective } = checkNrpRoster(two, roster);
    expect(violations).toEqual([
      'staff A, day 1: E may not follow L',
      'staff A: 5 shifts L, at most 3',
      'staff A: 3480 minutes, at most 3000',
      'staff A: 6 working days in a row from day 0, at most 4',
      'staff B, day 2: works on a day off',
      'staff B: 1 weekends worked, at most 0',
      'staff C, day 4: works on a day off',
      'staff C: 480 minutes, at least 1200',
      'staff C: 1 working days in a row from day 4, at least 2',
    ]);
    // Requests: A's on-request (day 0 L) and B's (day 1 E) met, A's off-request (day 3 E) not triggered, C's
    // on-request (day 5 L) unmet: 2. Cover: day 1 L short by 1 (100), day 3 E short by 1 (60), day 4 L one over
    // a requirement of 0 (1), day 6 L short by 1 (90), every other slot exact. Total 2 + 100 + 60 + 1 + 90.
    expect(objective).toBe(253);
  });
});

describe('solveNrp', () => {
  it('finds and proves the hand-reasoned optimum of one week', () => {
    const instance = parseNrpInstance(ONE_WEEK);
    const solution = solveNrp(highs, instance, { timeLimitSeconds: 30 });
    expect(solution.status).toBe('optimal');
    expect(solution.objective).toBe(1);
    expect(solution.bound).toBe(1);
    expect(checkNrpRoster(instance, solution.roster!)).toEqual({ objective: 1, violations: [] });
  });

  it('matches exhaustive search on a week with two shift types, and the checker agrees with its objective', () => {
    const instance = parseNrpInstance(TWO_SHIFTS);
    const solution = solveNrp(highs, instance, { timeLimitSeconds: 30 });
    expect(solution.status).toBe('optimal');
    const check = checkNrpRoster(instance, solution.roster!);
    expect(check.violations).toEqual([]);
    expect(check.objective).toBe(solution.objective);
    expect(solution.objective).toBe(exhaustiveOptimum(instance));
    // HiGHS started from a lawful roster built person by person, no better than the optimum.
    expect(solution.startObjective).toBeGreaterThanOrEqual(solution.objective!);
  });

  it('says so when the hard rules leave no roster', () => {
    // B may work at most 480 minutes but must work at least 960.
    const instance = parseNrpInstance(TWO_SHIFTS.replace('B,E=5|L=0,2400,960', 'B,E=1|L=0,2400,960'));
    const solution = solveNrp(highs, instance, { timeLimitSeconds: 30 });
    expect(solution.status).toBe('infeasible');
    expect(solution.roster).toBeNull();
  });
});

/**
 * The best objective over every roster, by brute force: each person's lawful weeks are enumerated on their
 * own (the checker judges one person at a time), then every combination is priced by the checker.
 */
function exhaustiveOptimum(instance: NrpInstance): number {
  const choices = [null, ...instance.shifts.map((s) => s.id)];
  const lawful = instance.staff.map((member) => {
    const alone: NrpInstance = { ...instance, staff: [member], onRequests: [], offRequests: [], cover: [] };
    const weeks: (string | null)[][] = [];
    for (let code = 0; code < choices.length ** instance.horizon; code++) {
      const week: (string | null)[] = [];
      for (let d = 0, rest = code; d < instance.horizon; d++, rest = Math.floor(rest / choices.length)) week.push(choices[rest % choices.length]!);
      if (checkNrpRoster(alone, [week]).violations.length === 0) weeks.push(week);
    }
    return weeks;
  });
  let best = Number.POSITIVE_INFINITY;
  const roster: (string | null)[][] = [];
  const visit = (e: number): void => {
    if (e === lawful.length) {
      best = Math.min(best, checkNrpRoster(instance, roster).objective);
      return;
    }
    for (const week of lawful[e]!) {
      roster[e] = week;
      visit(e + 1);
    }
  };
  visit(0);
  return best;
}
