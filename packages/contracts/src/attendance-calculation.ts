/**
 * The first read of a period never evaluated (`/api/v1/asistencia/calculos/:id`): when a page of
 * evaluated attendance would have to evaluate more worker-days than a request should, the API queues
 * the evaluation in its job queue and answers 202 with the calculation's progress; the page polls the
 * calculation until it is `listo` and then reads again.
 */
import { z } from 'zod';

/** What a page shows while the period is evaluated in the background. */
export const CALCULANDO_ASISTENCIA_MENSAJE = 'Calculando la asistencia del periodo…';

const ESTADOS_CALCULO = ['calculando', 'listo'] as const;

export const calculoAsistenciaSchema = z.object({
  id: z.string(),
  estado: z.enum(ESTADOS_CALCULO),
  /** Worker-days evaluated so far and to evaluate in all (0 of 0 until the job starts counting). */
  hechos: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** First and last day evaluated (whole weeks, Monday to Sunday). */
  desde: z.string(),
  hasta: z.string(),
});
export type CalculoAsistencia = z.infer<typeof calculoAsistenciaSchema>;

/** The 202 answer of a page whose period is being evaluated: read the calculation, then the page again. */
export const calculandoAsistenciaSchema = z.object({
  estado: z.literal('calculando'),
  mensaje: z.string(),
  calculo: calculoAsistenciaSchema,
});
export type CalculandoAsistencia = z.infer<typeof calculandoAsistenciaSchema>;

export const calculoParamsSchema = z.object({ id: z.string().max(40) });
