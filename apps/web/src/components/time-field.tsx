import { TextInput, type TextInputProps } from '@mantine/core';

export interface TimeFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** `HH:MM` (or `HH:MM:SS` with `withSeconds`), 24-hour; what was typed while it does not parse. */
  value: string;
  onChange: (value: string) => void;
  withSeconds?: boolean;
}

/**
 * A typed time in 24-hour form: «9» → «09:00», «1830» → «18:30», «18.30» → «18:30», «7:05:09» → «07:05:09».
 * Text that is not a time comes back as typed, for the form's schema to refuse in Spanish.
 */
export function normalizeTypedTime(text: string, withSeconds = false): string {
  const match = /^(\d{1,2})(?:[:.h ]?(\d{2}))?(?:[:.]?(\d{2}))?$/.exec(text.trim());
  if (!match) return text;
  const [h, m = 0, s = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as [number, number?, number?];
  if (h > 23 || m > 59 || s > 59) return text;
  const pad = (n: number) => String(n).padStart(2, '0');
  return withSeconds ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(h)}:${pad(m)}`;
}

/**
 * A time field that is 24-hour whatever the browser's language (a native `type="time"` shows AM/PM in
 * an English browser): typed as text and normalised when it loses focus.
 */
export function TimeField({ value, onChange, withSeconds = false, onBlur, ...props }: TimeFieldProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder={withSeconds ? 'hh:mm:ss' : 'hh:mm'}
      maxLength={withSeconds ? 8 : 5}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        const normalized = normalizeTypedTime(event.currentTarget.value, withSeconds);
        if (normalized !== event.currentTarget.value) onChange(normalized);
        onBlur?.(event);
      }}
      {...props}
    />
  );
}
