import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';

dayjs.extend(customParseFormat);
dayjs.locale('es');

/** Spanish dates, weeks starting on Monday (Chile). Wraps only the pages with date pickers, so `/` stays small. */
export function EsDatesProvider({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>;
}

/** Display format of every date input (`dd-mm-aaaa`). */
export const DATE_INPUT_FORMAT = 'DD-MM-YYYY';

const TYPED_FORMATS = ['DD-MM-YYYY', 'D-M-YYYY', 'DD/MM/YYYY', 'D/M/YYYY', 'DD.MM.YYYY', 'D.M.YYYY', 'YYYY-MM-DD'];

/** Parses a typed date (`dd-mm-aaaa`, also with `/` or `.`, or ISO) into `YYYY-MM-DD`; null when it is not a real date. */
export function parseTypedDate(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  const parsed = dayjs(text, TYPED_FORMATS, true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}
