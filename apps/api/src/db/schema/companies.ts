import { boolean, date, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/** The tenant. Its id is the `company_id` of every tenant row. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored normalised (`76123456-0`). */
    rut: text('rut').notNull(),
    nombre: text('nombre').notNull(),
    razonSocial: text('razon_social').notNull(),
    direccion: text('direccion'),
    telefono: text('telefono'),
    email: text('email'),
    rubro: text('rubro'),
    /** Whether the company works under an exceptional schedule resolution of the Dirección del Trabajo. */
    resolucion: boolean('resolucion').notNull().default(false),
    resolucionNumero: text('resolucion_numero'),
    resolucionFecha: date('resolucion_fecha', { mode: 'string' }),
    comentario: text('comentario'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_rut_key').on(t.rut)],
);
