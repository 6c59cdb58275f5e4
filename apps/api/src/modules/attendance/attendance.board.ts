/**
 * The board's counts of a date or a range (the day's board, the home's cards and week): the board
 * groups of the stored days, from the stored counts per group (`attendance_board_rollups`) for the whole
 * company and from the days themselves for any narrower filter, and the arrivals per local hour.
 */
import { localClockOf } from '@jornada/domain';
import type { Db } from '../../db/client';
import { boardGroupOf, boardStatusOfGroup, zeroCounts } from './attendance.model';
import * as repo from './attendance.repository';

export function createBoardCounts(db: Db) {
  /**
   * The board groups of a filter's stored days over `from`..`to` (each day within its worker's contract and
   * activity on its date), with their count: for a filter the rollups serve, the stored counts per group
   * (`attendance_board_rollups`) less the days of the few workers not counted; otherwise its own days grouped.
   * The caller brings the days up to date first.
   */
  async function boardGroupsOf(companyId: string, filter: repo.WorkerFilter, from: string, to: string): Promise<repo.DatedBoardGroup[]> {
    if (repo.rollupServes(filter)) return repo.boardRollupGroups(db, companyId, filter, from, to, await repo.outsideOfRange(db, companyId, filter, from, to));
    return (await repo.boardGroups(db, companyId, filter, from, to)).map((g) => ({
      fecha: g.fecha,
      n: g.n,
      ...boardGroupOf({ status: g.status, lateSeconds: g.late ? 1 : 0, shiftEnd: g.shiftEnd, firstEntry: g.firstEntry, codes: g.codes }),
    }));
  }

  /**
   * A date's counts per board status of a filter the rollups serve, how many days they cover and the
   * oldest computation among them, from the stored counts (the page and the arrivals are the caller's).
   */
  async function rollupDayCounts(companyId: string, filter: repo.WorkerFilter, fecha: string, now: Date) {
    const outside = await repo.outsideOfRange(db, companyId, filter, fecha, fecha);
    const groups = await repo.boardRollupGroups(db, companyId, filter, fecha, fecha, outside);
    const conteos = zeroCounts();
    let trabajadores = 0;
    for (const g of groups) {
      conteos[boardStatusOfGroup(g, now).estado] += g.n;
      trabajadores += g.n;
    }
    const oldest = trabajadores === 0 ? null : await repo.oldestComputation(db, companyId, fecha, outside);
    return { conteos, trabajadores, oldest, groups };
  }

  /**
   * The arrivals per local hour of the first entry from the rollups' UTC hours, when each of those hours
   * falls whole in one local hour and the same one in every zone of the company's workers (Santiago and
   * Punta Arenas in summer time, one zone always); null otherwise: the caller counts the days themselves.
   */
  async function arrivalsOfGroups(companyId: string, groups: readonly repo.DatedBoardGroup[]): Promise<number[] | null> {
    const zones = await repo.companyZones(db, companyId);
    if (zones.length === 0) return null;
    const arrivals = new Array<number>(24).fill(0);
    for (const g of groups) {
      if (!g.entryHour) continue;
      const hours = new Set<string>();
      for (const zone of zones) {
        const start = localClockOf(zone, g.entryHour.getTime());
        const end = localClockOf(zone, g.entryHour.getTime() + 3_599_999);
        if (start.slice(3, 5) !== '00' || start.slice(0, 2) !== end.slice(0, 2)) return null;
        hours.add(start.slice(0, 2));
      }
      if (hours.size !== 1) return null;
      arrivals[Number([...hours][0])]! += g.n;
    }
    return arrivals;
  }

  return { boardGroupsOf, rollupDayCounts, arrivalsOfGroups };
}
