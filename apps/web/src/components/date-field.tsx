import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { useEffect, useId } from 'react';
import { DATE_INPUT_FORMAT, parseTypedDate } from '../lib/dates';

interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'name'> {
  /** Put on the visible text input (Mantine puts `name` on a hidden input only). */
  name: string;
  /** `YYYY-MM-DD` or null. */
  value: string | null;
  onChange: (value: string | null) => void;
}

const shown = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const isoOf = (date: DateFieldProps['minDate']) => (date === undefined || date === null ? null : typeof date === 'string' ? date.slice(0, 10) : dayjs(date).format('YYYY-MM-DD'));

/**
 * A date picker shown as `dd-mm-aaaa` that also accepts typed dates; its value is `YYYY-MM-DD`.
 * `minDate`/`maxDate` never change what was typed (Mantine's own bounds replace or empty a typed date
 * out of range): a date out of range is kept and shown with «Como máximo …» / «Como mínimo …».
 */
export function DateField({ name, value, onChange, id, minDate, maxDate, error, ...props }: DateFieldProps) {
  const min = isoOf(minDate);
  const max = isoOf(maxDate);
  const rangeError = value && max && value > max ? `Como máximo ${shown(max)}.` : value && min && value < min ? `Como mínimo ${shown(min)}.` : undefined;
  const generatedId = useId();
  const inputId = id ?? `fecha-${generatedId}`;
  // Mantine gives `name` only to a hidden input; forms, autofill and tests look for it on the visible one.
  useEffect(() => {
    document.getElementById(inputId)?.setAttribute('name', name);
  });
  return (
    <DateInput
      id={inputId}
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={parseTypedDate}
      placeholder="dd-mm-aaaa"
      clearable
      size="md"
      value={value}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      popoverProps={{ withinPortal: true }}
      // The calendar greys out the days out of range; typing is never clamped (see above).
      excludeDate={min || max ? (day) => (min !== null && String(day).slice(0, 10) < min) || (max !== null && String(day).slice(0, 10) > max) : undefined}
      error={error ?? rangeError}
      {...props}
    />
  );
}
