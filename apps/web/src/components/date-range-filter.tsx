import { DateField } from './date-field';

interface DateRangeFilterProps {
  desde: string;
  hasta: string;
  onChange: (name: 'desde' | 'hasta', value: string | null) => void;
}

/** The "Desde" and "Hasta" filters of a list, saying so when the end comes before the start. */
export function DateRangeFilter({ desde, hasta, onChange }: DateRangeFilterProps) {
  const invalid = Boolean(desde && hasta && hasta < desde);
  return (
    <>
      <DateField name="desde" label="Desde" size="sm" value={desde || null} onChange={(v) => onChange('desde', v)} />
      <DateField
        name="hasta"
        label="Hasta"
        size="sm"
        value={hasta || null}
        onChange={(v) => onChange('hasta', v)}
        minDate={desde || undefined}
        error={invalid ? 'La fecha final es anterior a la inicial.' : undefined}
      />
    </>
  );
}
