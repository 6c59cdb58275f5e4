import type { CambiarDiaBody, CambiarDiaResponse, DiaPlan, PlanificacionGrilla, SemanaPlan, Turno } from '@jornada/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { plannedSecondsOn } from '../../../components/planning-grid';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { gridShiftOf } from '../hooks/to-grid';
import { planningKeys } from './keys';

/** PUT /api/v1/planificaciones/:usuarioId/:fecha */
function changeDay(token: string, usuarioId: string, fecha: string, body: CambiarDiaBody): Promise<CambiarDiaResponse> {
  return apiRequest<CambiarDiaResponse>('PUT', `/v1/planificaciones/${encodeURIComponent(usuarioId)}/${fecha}`, body, { token });
}

interface ChangeDayVariables {
  usuarioId: string;
  fecha: string;
  body: CambiarDiaBody;
  /** The chosen shift, to draw the day before the server answers. */
  turno?: Turno;
  zone: string;
}

type GridDay = PlanificacionGrilla['filas'][number]['dias'][number];

function replaceDay(data: PlanificacionGrilla | undefined, usuarioId: string, fecha: string, next: (day: GridDay) => GridDay): PlanificacionGrilla | undefined {
  if (!data) return data;
  return {
    ...data,
    filas: data.filas.map((fila) =>
      fila.usuario.id !== usuarioId ? fila : { ...fila, dias: fila.dias.map((dia) => (dia.fecha === fecha ? next(dia) : dia)) },
    ),
  };
}

/** The row's week as the server evaluated it after the change (totals and legal alerts). */
function replaceWeek(data: PlanificacionGrilla | undefined, usuarioId: string, semana: SemanaPlan): PlanificacionGrilla | undefined {
  if (!data) return data;
  return {
    ...data,
    filas: data.filas.map((fila) =>
      fila.usuario.id !== usuarioId ? fila : { ...fila, semanas: fila.semanas.map((week) => (week.inicio === semana.inicio ? semana : week)) },
    ),
  };
}

function optimisticDay(day: GridDay, variables: ChangeDayVariables): GridDay {
  const { body, turno, zone, fecha } = variables;
  if (body.tipo === 'turno' && turno) {
    const { id, codigo, nombre, color, inicio, fin, etiqueta, version } = turno;
    return {
      ...day,
      tipo: 'turno',
      turnoId: id,
      turno: { id, codigo, nombre, color, inicio, fin, etiqueta, version },
      segundosPlanificados: plannedSecondsOn(gridShiftOf(turno), fecha, zone),
    };
  }
  return { ...day, tipo: body.tipo, turnoId: null, turno: null, segundosPlanificados: 0 };
}

/**
 * Changes one day with an optimistic update: the cell shows the new plan at once and goes back to
 * what it was if the server refuses (only that cell, so other changes made meanwhile stay).
 */
export function useChangeDay(gridKey: QueryKey) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: ChangeDayVariables) => changeDay(token, variables.usuarioId, variables.fecha, variables.body),
    onMutate: async (variables) => {
      await client.cancelQueries({ queryKey: gridKey });
      let previous: GridDay | undefined;
      client.setQueryData<PlanificacionGrilla>(gridKey, (data) =>
        replaceDay(data, variables.usuarioId, variables.fecha, (day) => {
          previous = day;
          return optimisticDay(day, variables);
        }),
      );
      return { previous };
    },
    onError: (_error, variables, context) => {
      const previous = context?.previous;
      if (previous) client.setQueryData<PlanificacionGrilla>(gridKey, (data) => replaceDay(data, variables.usuarioId, variables.fecha, () => previous));
    },
    onSuccess: (result, variables) => {
      client.setQueryData<PlanificacionGrilla>(gridKey, (data) =>
        replaceWeek(
          replaceDay(data, variables.usuarioId, variables.fecha, (day) => ({
            ...day,
            ...(result.dia as DiaPlan),
            modificado: day.modificado || result.cambioId !== null,
          })),
          variables.usuarioId,
          result.semana,
        ),
      );
      if (result.cambioId) void client.invalidateQueries({ queryKey: planningKeys.changes });
    },
  });
}
