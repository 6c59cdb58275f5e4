import type { Turno } from '@jornada/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { DayEditor } from './day-editor';

function shift(codigo: string, inicio: string, fin: string): Turno {
  return {
    id: `00000000-0000-4000-8000-${codigo.padStart(12, '0').replace(/[^0-9a-f]/gi, '0')}`,
    codigo,
    nombre: `Turno ${codigo}`,
    color: '#1c7ed6',
    inicio,
    fin,
    colacion: { tipo: 'minutos', minutos: 0 },
    toleranciaAtrasoMin: 0,
    toleranciaSalidaMin: 0,
    diasPorSemana: 5,
    sedeIds: [],
    cargos: [],
    activo: true,
    cruzaMedianoche: true,
    duracionMin: 480,
    colacionMin: 0,
    duracionNetaMin: 480,
    horasSemanalesReferencia: 40,
    etiqueta: `${inicio}–${fin}`,
    version: 1,
    creadoEn: '2026-10-01T12:00:00Z',
    actualizadoEn: '2026-10-01T12:00:00Z',
  };
}

const LATE = shift('TRD', '23:30', '07:30');
const EARLY = shift('MED', '00:30', '08:30');
const NIGHT = shift('NOC', '22:00', '06:00');

function editor(date: string, zone = 'America/Santiago') {
  const onApply = vi.fn();
  renderUi(
    <DayEditor workerName="Ana Pérez" date={date} current={{ tipo: 'sin_planificar', turno: null }} past={false} shifts={[LATE, EARLY, NIGHT]} onApply={onApply} onCancel={() => undefined} zone={zone} />,
  );
  return onApply;
}

describe('day editor across the clock changes', () => {
  it('asks when a shift starts only on the day its start happens twice, and sends the first occurrence', async () => {
    const onApply = editor('2027-04-03');
    const user = userEvent.setup();
    // A start outside the repeated hour is saved at once, with no question.
    await user.click(screen.getByRole('button', { name: 'Turno Turno NOC 22:00–06:00' }));
    expect(onApply).toHaveBeenLastCalledWith({ tipo: 'turno', turno: NIGHT }, { solicitadoPor: 'empleador' });

    await user.click(screen.getByRole('button', { name: 'Turno Turno TRD 23:30–07:30' }));
    const choice = screen.getByRole('radiogroup', { name: /El turno empieza a las 23:30, hora que ese día ocurre dos veces por el cambio de horario \(primero en UTC-3 y luego en UTC-4\)/ });
    expect(within(choice).getByRole('radio', { name: /La segunda vez/ })).toBeDisabled();
    // No reason is asked for a new future day.
    expect(screen.queryByRole('textbox', { name: /Motivo/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar cambio' }));
    expect(await screen.findByText('Indica cuándo empieza el turno.')).toBeInTheDocument();
    expect(onApply).toHaveBeenCalledTimes(1);
    await user.click(within(choice).getByRole('radio', { name: 'La primera vez (antes del cambio de hora), UTC-3' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambio' }));
    expect(onApply).toHaveBeenLastCalledWith({ tipo: 'turno', turno: LATE }, { solicitadoPor: 'empleador', ocurrencia: 'primera' });
  });

  it('says a start the September change skips does not exist, and saves nothing', async () => {
    const onApply = editor('2027-09-05');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turno Turno MED 00:30–08:30' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El turno MED empieza a las 00:30, hora que no existe ese día en America/Santiago: el reloj salta de las 00:00 a las 01:00 por el cambio de horario. Elige otro turno.',
    );
    expect(onApply).not.toHaveBeenCalled();
  });

  it('an ordinary day, or a zone without the change, asks nothing', async () => {
    const onApply = editor('2027-04-03', 'America/Punta_Arenas');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turno Turno TRD 23:30–07:30' }));
    expect(onApply).toHaveBeenCalledWith({ tipo: 'turno', turno: LATE }, { solicitadoPor: 'empleador' });
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});
