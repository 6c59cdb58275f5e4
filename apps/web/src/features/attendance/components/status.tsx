export { ESTADO_COLOR, ESTADOS_ORDEN, StatusBadge } from '../../../components/attendance-status';

/**
 * Exact seconds as hours and minutes ("8 h 05 min", "12 min", "0 min"); under a minute, seconds
 * ("40 s"), so a short lateness is never shown as nothing.
 */
export function duration(seconds: number): string {
  const sign = seconds < 0 ? '−' : '';
  const abs = Math.abs(Math.trunc(seconds));
  if (abs > 0 && abs < 60) return `${sign}${abs} s`;
  const minutes = Math.floor(abs / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${sign}${m} min`;
  return `${sign}${h} h ${String(m).padStart(2, '0')} min`;
}

