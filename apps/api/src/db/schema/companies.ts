import { boolean, date, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * When the current `email` was confirmed through the link sent to it; null while it is not (a
     * company registered through empresa/crear, or one whose e-mail changed): its user invitations
     * wait until then. The default confirms the companies that existed before the column and those
     * the demo and benchmarks write directly; registration sets null explicitly.
     */
    emailConfirmedAt: instant('email_confirmed_at').defaultNow(),
    rubro: text('rubro'),
    /** Whether the company works under an exceptional schedule resolution of the Dirección del Trabajo. */
    resolucion: boolean('resolucion').notNull().default(false),
    resolucionNumero: text('resolucion_numero'),
    resolucionFecha: date('resolucion_fecha', { mode: 'string' }),
    comentario: text('comentario'),
    /** Surcharge in percent on ordinary Sunday hours of workers excepted from Sunday rest (art. 38, Ley 20.823: at least 30). */
    recargoDominicalPorcentaje: integer('recargo_dominical_porcentaje').notNull().default(30),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_rut_key').on(t.rut)],
);
