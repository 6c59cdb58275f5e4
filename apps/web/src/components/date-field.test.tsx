import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EsDatesProvider } from '../lib/dates';
import { renderUi } from '../test/render-ui';
import { DateField } from './date-field';

function Harness({ maxDate, minDate }: { maxDate?: string; minDate?: string }) {
  const [value, setValue] = useState<string | null>('2026-12-14');
  return (
    <EsDatesProvider>
      <DateField name="hasta" label="Hasta" value={value} onChange={setValue} maxDate={maxDate} minDate={minDate} />
      <output aria-label="valor">{value ?? ''}</output>
    </EsDatesProvider>
  );
}

describe('DateField keeps what was typed', () => {
  it('a date past the maximum is kept and refused with the maximum, not replaced', async () => {
    renderUi(<Harness maxDate="2027-02-28" />);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Hasta' });
    await user.clear(field);
    await user.type(field, '16-03-2027');
    await user.tab();
    expect(screen.getByLabelText('valor')).toHaveTextContent('2027-03-16');
    expect(field).toHaveValue('16-03-2027');
    expect(screen.getByText('Como máximo 28-02-2027.')).toBeInTheDocument();
  });

  it('a date within the range is taken as typed', async () => {
    renderUi(<Harness minDate="2026-12-01" />);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Hasta' });
    await user.clear(field);
    await user.type(field, '16-12-2026');
    await user.tab();
    expect(screen.getByLabelText('valor')).toHaveTextContent('2026-12-16');
    expect(screen.queryByText(/Como mínimo/)).toBeNull();
  });
});
