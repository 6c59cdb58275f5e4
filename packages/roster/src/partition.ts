/**
 * Large rosters are solved by parts: the connected components of the graph that links each worker to the
 * shifts they may take and each demand entry to the shifts that cover it. Two parts share no worker, shift
 * or demand, so solving them apart loses nothing but fairness across parts (fairness is measured within a
 * part, which is usually a group or a site's area anyway).
 */
import { coveringShifts } from './prepare';
import type { RosterInput } from './types';

class UnionFind {
  private readonly parent: number[];
  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, i) => i);
  }
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[i] !== root) {
      const next = this.parent[i]!;
      this.parent[i] = root;
      i = next;
    }
    return root;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/**
 * Splits a roster into independent parts (same period, zone, holidays and options), each with its workers,
 * the shifts they may take and the demand those shifts cover. Demand no shift covers forms a part of its own
 * (without workers), so it still shows as a shortfall. Parts come in the order of their first worker.
 */
export function partitionRoster(input: RosterInput): RosterInput[] {
  const shiftIndex = new Map(input.shifts.map((s, i) => [s.id, i]));
  const nW = input.workers.length;
  const nS = input.shifts.length;
  // Nodes: workers 0..nW-1, shifts nW..nW+nS-1, one more for demand no shift covers.
  const orphan = nW + nS;
  const uf = new UnionFind(orphan + 1);
  input.workers.forEach((worker, w) => {
    const allowed = worker.allowedShiftIds ?? input.shifts.map((s) => s.id);
    for (const id of allowed) {
      const s = shiftIndex.get(id);
      if (s !== undefined) uf.union(w, nW + s);
    }
  });
  const demandShifts = input.demand.map((band) => coveringShifts(input, band).map((c) => shiftIndex.get(c.shiftId)!));
  for (const shifts of demandShifts) for (let i = 1; i < shifts.length; i++) uf.union(nW + shifts[0]!, nW + shifts[i]!);

  const parts = new Map<number, { workers: number[]; shifts: number[]; demand: number[] }>();
  const partOf = (root: number) => {
    let part = parts.get(root);
    if (!part) {
      part = { workers: [], shifts: [], demand: [] };
      parts.set(root, part);
    }
    return part;
  };
  for (let w = 0; w < nW; w++) partOf(uf.find(w)).workers.push(w);
  for (let s = 0; s < nS; s++) partOf(uf.find(nW + s)).shifts.push(s);
  demandShifts.forEach((shifts, i) => partOf(uf.find(shifts.length > 0 ? nW + shifts[0]! : orphan)).demand.push(i));

  const out: RosterInput[] = [];
  for (const part of parts.values()) {
    if (part.workers.length === 0 && part.demand.length === 0) continue;
    out.push({
      ...input,
      workers: part.workers.map((w) => input.workers[w]!),
      shifts: part.shifts.map((s) => input.shifts[s]!),
      demand: part.demand.map((i) => input.demand[i]!),
    });
  }
  return out;
}
