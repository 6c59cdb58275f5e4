import { z } from 'zod';

const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** `?page=1&pageSize=25`: pages are 1-based; query strings arrive as text and are coerced. */
export const paginationQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'La página debe ser un número.' })
    .int({ message: 'La página debe ser un número entero.' })
    .min(1, { message: 'La página parte en 1.' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'El tamaño de página debe ser un número.' })
    .int({ message: 'El tamaño de página debe ser un número entero.' })
    .min(1, { message: 'El tamaño de página debe ser al menos 1.' })
    .max(MAX_PAGE_SIZE, { message: `El tamaño de página no puede superar ${MAX_PAGE_SIZE}.` })
    .default(DEFAULT_PAGE_SIZE),
});

/** One page of a list: `{ items, total, page, pageSize }`, `total` counting every match. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** `?order=asc|desc` */
export const sortOrderSchema = z.enum(['asc', 'desc'], { error: 'El orden debe ser asc o desc.' }).default('asc');

/** A boolean in a query string: `true`/`false` (also `1`/`0`, `si`/`no`). */
export const queryBooleanSchema = z
  .enum(['true', 'false', '1', '0', 'si', 'no'], { error: 'Usa true o false.' })
  .transform((value) => value === 'true' || value === '1' || value === 'si');
