import type { CargaMasivaResultado, FilaCarga, FilaError } from '@jornada/contracts';

/** Builds the common answer of a bulk upload from its per-row outcomes and errors. */
export function summarize(input: {
  archivo: string;
  filas: FilaCarga[];
  errores: FilaError[];
  totalFilas: number;
  aplicado: boolean;
}): CargaMasivaResultado {
  const count = (accion: FilaCarga['accion']) => input.filas.filter((fila) => fila.accion === accion).length;
  const errores = [...input.errores].sort((a, b) => a.fila - b.fila);
  const filasConError = new Set(errores.map((e) => e.fila));
  return {
    archivo: input.archivo,
    valido: errores.length === 0,
    aplicado: input.aplicado,
    resumen: {
      totalFilas: input.totalFilas,
      crear: count('crear'),
      actualizar: count('actualizar'),
      sinCambios: count('sin_cambios'),
      conErrores: filasConError.size,
    },
    filas: [...input.filas].sort((a, b) => a.fila - b.fila),
    errores,
  };
}
