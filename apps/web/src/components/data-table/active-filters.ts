/** The two ends of a period: set together or alone, they are one filter to the person who set them. */
const RANGE_ENDS = new Set(['desde', 'hasta']);

/**
 * How many filters are set among `values` (only `keys`, when given): what the «Filtros (n)» button of a
 * phone shows. An empty value is "all", so it does not count; `desde` and `hasta` count once, as the
 * period they make (the preset periods set both at once).
 */
export function countActiveFilters(values: Readonly<Record<string, string | null | undefined>>, keys: readonly string[] = Object.keys(values)): number {
  let count = 0;
  let range = false;
  for (const key of keys) {
    if (!values[key]) continue;
    if (RANGE_ENDS.has(key)) range = true;
    else count += 1;
  }
  return count + (range ? 1 : 0);
}
