import { DateInput, type DateInputProps } from '@mantine/dates';
import { useEffect, useId } from 'react';
import { DATE_INPUT_FORMAT, parseTypedDate } from '../lib/dates';

interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'name'> {
  /** Put on the visible text input (Mantine puts `name` on a hidden input only). */
  name: string;
  /** `YYYY-MM-DD` or null. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A date picker shown as `dd-mm-aaaa` that also accepts typed dates; its value is `YYYY-MM-DD`. */
export function DateField({ name, value, onChange, id, ...props }: DateFieldProps) {
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
      {...props}
    />
  );
}
