import type { CargaMasivaResultado } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render-ui';
import { BulkUpload, bulkSummaryText } from './bulk-upload';

const TEMPLATES = [{ label: 'Plantilla Excel', path: '/v1/usuarios/carga-masiva/plantilla?formato=xlsx', filename: 'plantilla.xlsx' }];

function result(overrides: Partial<CargaMasivaResultado> = {}): CargaMasivaResultado {
  return {
    archivo: 'usuarios.xlsx',
    valido: true,
    aplicado: false,
    resumen: { totalFilas: 2, crear: 2, actualizar: 0, sinCambios: 0, conErrores: 0 },
    filas: [
      { fila: 2, accion: 'crear', clave: '12.345.678-5', descripcion: 'Ana Pérez', cambios: [] },
      { fila: 3, accion: 'crear', clave: '9.876.543-3', descripcion: 'Luis Soto', cambios: [] },
    ],
    errores: [],
    ...overrides,
  };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const file = () => new File(['rut;nombre'], 'usuarios.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('BulkUpload', () => {
  it('lists every row error (fila, columna, mensaje) and keeps "Confirmar carga" disabled', async () => {
    const preview = vi.fn(async () =>
      result({
        valido: false,
        resumen: { totalFilas: 2, crear: 1, actualizar: 0, sinCambios: 0, conErrores: 1 },
        errores: [
          { fila: 3, columna: 'RUT', mensaje: 'El RUT no es válido.' },
          { fila: 3, columna: null, mensaje: 'La fila está repetida.' },
        ],
      }),
    );
    const commit = vi.fn();
    renderUi(<BulkUpload entity="usuarios" keyLabel="RUT" templates={TEMPLATES} preview={preview} commit={commit} />);
    await userEvent.setup().upload(fileInput(), file());

    const errors = await screen.findByRole('table', { name: 'Errores por fila' });
    const rows = within(errors).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('3RUTEl RUT no es válido.');
    expect(rows[2]).toHaveTextContent('3Toda la filaLa fila está repetida.');
    expect(screen.getByText('2 errores')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar carga' })).toBeDisabled();
    expect(commit).not.toHaveBeenCalled();
  });

  it('previews a clean file, commits it and shows the summary', async () => {
    const preview = vi.fn(async () => result());
    const commit = vi.fn(async () => result({ aplicado: true }));
    const onCommitted = vi.fn();
    renderUi(<BulkUpload entity="usuarios" keyLabel="RUT" templates={TEMPLATES} preview={preview} commit={commit} onCommitted={onCommitted} />);
    const user = userEvent.setup();
    await user.upload(fileInput(), file());
    const table = await screen.findByRole('table', { name: 'Vista previa de usuarios' });
    expect(within(table).getByText('Ana Pérez')).toBeInTheDocument();
    expect(screen.getByText('Sin errores')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirmar carga' }));
    expect(await screen.findByText('Carga completada')).toBeInTheDocument();
    expect(screen.getByText('Se crearon 2.')).toBeInTheDocument();
    expect(commit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onCommitted).toHaveBeenCalled());
  });

  it('shows the dates of a row key as dd-mm-aaaa', async () => {
    const preview = vi.fn(async () => ({ ...result(), filas: [{ fila: 2, accion: 'crear' as const, clave: '12.345.678-5 2027-01-05 – 2027-01-31', descripcion: 'Ana Pérez: 4x4', cambios: [] }] }));
    renderUi(<BulkUpload entity="planificaciones" keyLabel="RUT y fechas" templates={TEMPLATES} preview={preview} commit={vi.fn()} />);
    await userEvent.setup().upload(fileInput(), file());
    const table = await screen.findByRole('table', { name: 'Vista previa de planificaciones' });
    expect(within(table).getByText('12.345.678-5 05-01-2027 – 31-01-2027')).toBeInTheDocument();
  });

  it('shows a file-level refusal from the server', async () => {
    const { ApiError } = await import('../../lib/api-client');
    const preview = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION', 'Faltan columnas: RUT, Nombre.');
    });
    renderUi(<BulkUpload entity="usuarios" templates={TEMPLATES} preview={preview} commit={vi.fn()} />);
    await userEvent.setup().upload(fileInput(), file());
    expect(await screen.findByRole('alert')).toHaveTextContent('Faltan columnas: RUT, Nombre.');
  });

  it('summarises creations, updates and unchanged rows in Spanish', () => {
    expect(bulkSummaryText(result({ resumen: { totalFilas: 4, crear: 1, actualizar: 2, sinCambios: 1, conErrores: 0 } }))).toBe(
      'Se creó 1, se actualizaron 2 y 1 quedó sin cambios.',
    );
  });
});
