/** Quick periods of the report filters (chile.md: week, fortnight, month, up to 5 years), on Santiago's calendar. */

export const PERIOD_PRESETS = [
  { value: 'semana', label: 'Esta semana' },
  { value: 'semana-anterior', label: 'Semana anterior' },
  { value: 'quincena', label: 'Esta quincena' },
  { value: 'quincena-anterior', label: 'Quincena anterior' },
  { value: 'mes', label: 'Este mes' },
  { value: 'mes-anterior', label: 'Mes anterior' },
  { value: 'doce-meses', label: 'Últimos 12 meses' },
  { value: 'cinco-anios', label: 'Últimos 5 años' },
] as const;

type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => toIso(new Date(toDate(iso).getTime() + days * 86_400_000));
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/** The dates of a quick period around `today`. */
export function presetRange(preset: string, today: string): { desde: string; hasta: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  switch (preset) {
    case 'semana':
    case 'semana-anterior': {
      const weekday = (toDate(today).getUTCDay() + 6) % 7; // Monday = 0
      const monday = addDays(today, -weekday - (preset === 'semana' ? 0 : 7));
      return { desde: monday, hasta: addDays(monday, 6) };
    }
    case 'quincena':
      return d <= 15 ? { desde: `${y}-${pad(m)}-01`, hasta: `${y}-${pad(m)}-15` } : { desde: `${y}-${pad(m)}-16`, hasta: `${y}-${pad(m)}-${pad(lastDayOfMonth(y, m))}` };
    case 'quincena-anterior': {
      if (d > 15) return { desde: `${y}-${pad(m)}-01`, hasta: `${y}-${pad(m)}-15` };
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      return { desde: `${py}-${pad(pm)}-16`, hasta: `${py}-${pad(pm)}-${pad(lastDayOfMonth(py, pm))}` };
    }
    case 'mes-anterior': {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      return { desde: `${py}-${pad(pm)}-01`, hasta: `${py}-${pad(pm)}-${pad(lastDayOfMonth(py, pm))}` };
    }
    case 'doce-meses':
      return { desde: addDays(`${y - 1}-${pad(m)}-${pad(Math.min(d, lastDayOfMonth(y - 1, m)))}`, 1), hasta: today };
    case 'cinco-anios':
      return { desde: addDays(`${y - 5}-${pad(m)}-${pad(Math.min(d, lastDayOfMonth(y - 5, m)))}`, 1), hasta: today };
    default:
      return { desde: `${y}-${pad(m)}-01`, hasta: `${y}-${pad(m)}-${pad(lastDayOfMonth(y, m))}` };
  }
}

/** The quick period the dates match, or null ("Personalizado"). */
export function presetOf(desde: string, hasta: string, today: string): PeriodPreset | null {
  for (const { value } of PERIOD_PRESETS) {
    const range = presetRange(value, today);
    if (range.desde === desde && range.hasta === hasta) return value;
  }
  return null;
}
