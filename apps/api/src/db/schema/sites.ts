import { doublePrecision, foreignKey, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { companies } from './companies';

/** A workplace (sucursal): where marks are expected and in which time zone its days are counted. */
export const sites = pgTable(
  'sites',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    nombre: text('nombre').notNull(),
    calle: text('calle'),
    numero: text('numero'),
    comuna: text('comuna'),
    ciudad: text('ciudad'),
    /** ISO 3166-2:CL code without `CL-` (`RM`, `MA`...). */
    region: text('region'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    geofenceRadiusM: integer('geofence_radius_m').notNull().default(150),
    timeZone: text('time_zone').notNull().default('America/Santiago'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sites_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('sites_company_nombre_key').on(t.companyId, t.nombre),
    foreignKey({ name: 'sites_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);
