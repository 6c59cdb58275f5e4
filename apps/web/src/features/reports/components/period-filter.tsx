import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DateField } from '../../../components/date-field';
import { PERIOD_PRESETS, presetOf, presetRange } from '../period';
import { todayInChile } from '../../../lib/format';

interface PeriodFilterProps {
  desde: string;
  hasta: string;
  /** Sets one end of the period in the URL (and goes back to the first page). */
  onChange: (key: 'desde' | 'hasta', value: string | null) => void;
}

/**
 * The period of a report's filter bar: the quick periods ("Esta semana", "Mes anterior"...; "Personalizado"
 * when the dates match none) and the two dates. A quick period changes both dates in one URL update (two
 * separate updates would each start from the same old URL).
 */
export function PeriodFilter({ desde, hasta, onChange }: PeriodFilterProps) {
  const [, setParams] = useSearchParams();
  const invalidRange = hasta < desde;
  const setPeriod = (value: string | null) => {
    if (!value) return;
    const range = presetRange(value, todayInChile());
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('desde', range.desde);
        next.set('hasta', range.hasta);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  return (
    <>
      <Select label="Periodo" size="sm" data={PERIOD_PRESETS} value={presetOf(desde, hasta, todayInChile())} onChange={setPeriod} placeholder="Personalizado" allowDeselect={false} />
      <DateField name="desde" label="Desde" size="sm" value={desde} onChange={(v) => onChange('desde', v)} clearable={false} />
      <DateField
        name="hasta"
        label="Hasta"
        size="sm"
        value={hasta}
        onChange={(v) => onChange('hasta', v)}
        minDate={desde}
        clearable={false}
        error={invalidRange ? 'La fecha final es anterior a la inicial.' : undefined}
      />
    </>
  );
}
