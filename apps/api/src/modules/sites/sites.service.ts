import { ACCESS } from '@jornada/contracts';
import type { actualizarSedeBodySchema, crearSedeBodySchema, Sede, SedesPage, sedesQuerySchema } from '@jornada/contracts';
import { isRegionCode, regionFullName } from '@jornada/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound, requireId, requirePerfil } from '../../lib/access';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { RequestSession } from '../../plugins/types';
import * as repo from './sites.repository';

const SITE_NOT_FOUND = 'La sede no existe.';
const NAME_TAKEN = 'Ya existe una sede con ese nombre.';

/** "Av. Apoquindo 4501, Las Condes, Santiago, Región Metropolitana de Santiago" (receipts print it too). */
export function fullAddress(site: Pick<repo.SiteRow, 'calle' | 'numero' | 'comuna' | 'ciudad' | 'region'>): string {
  const street = [site.calle, site.numero].filter(Boolean).join(' ');
  const region = isRegionCode(site.region) ? regionFullName(site.region) : null;
  const parts = [street, site.comuna, site.ciudad !== site.comuna ? site.ciudad : null, region].filter((part): part is string => Boolean(part));
  return parts.join(', ');
}

function toSede(row: { site: repo.SiteRow; totalUsuarios: number }): Sede {
  const s = row.site;
  return {
    id: s.id,
    nombre: s.nombre,
    calle: s.calle,
    numero: s.numero,
    comuna: s.comuna,
    ciudad: s.ciudad,
    region: isRegionCode(s.region) ? s.region : null,
    direccionCompleta: fullAddress(s),
    lat: s.lat,
    lng: s.lng,
    radioGeocercaM: s.geofenceRadiusM,
    zonaHoraria: s.timeZone,
    totalUsuarios: Number(row.totalUsuarios),
    creadoEn: s.createdAt.toISOString(),
  };
}

async function named<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, 'sites_company_nombre_key')) throw new AppError('CONFLICT', NAME_TAKEN, { nombre: NAME_TAKEN });
    throw error;
  }
}

export function createSitesService(db: Db) {
  async function load(companyId: string, id: string): Promise<Sede> {
    const row = await repo.findSite(db, companyId, id);
    if (!row) throw notFound(SITE_NOT_FOUND);
    return toSede(row);
  }

  return {
    async list(session: RequestSession, query: z.output<typeof sedesQuerySchema>): Promise<SedesPage> {
      requirePerfil(session, ...ACCESS.sitesRead);
      const { rows, total } = await repo.listSites(db, session.companyId, query.q || undefined, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toSede), total, page: query.page, pageSize: query.pageSize };
    },

    async get(session: RequestSession, id: string): Promise<Sede> {
      requirePerfil(session, ...ACCESS.sitesRead);
      return load(session.companyId, requireId(id, SITE_NOT_FOUND));
    },

    async create(session: RequestSession, input: z.output<typeof crearSedeBodySchema>, now: Date): Promise<Sede> {
      requirePerfil(session, ...ACCESS.sitesManage);
      const id = await named(() =>
        repo.insertSite(db, {
          companyId: session.companyId,
          nombre: input.nombre,
          calle: input.calle ?? null,
          numero: input.numero ?? null,
          comuna: input.comuna ?? null,
          ciudad: input.ciudad ?? null,
          region: input.region ?? null,
          lat: input.lat ?? null,
          lng: input.lng ?? null,
          geofenceRadiusM: input.radioGeocercaM,
          timeZone: input.zonaHoraria,
          createdAt: now,
        }),
      );
      return load(session.companyId, id);
    },

    async update(session: RequestSession, id: string, input: z.output<typeof actualizarSedeBodySchema>): Promise<Sede> {
      requirePerfil(session, ...ACCESS.sitesManage);
      requireId(id, SITE_NOT_FOUND);
      const values: Partial<repo.NewSite> = {};
      if (input.nombre !== undefined) values.nombre = input.nombre;
      if (input.calle !== undefined) values.calle = input.calle;
      if (input.numero !== undefined) values.numero = input.numero;
      if (input.comuna !== undefined) values.comuna = input.comuna;
      if (input.ciudad !== undefined) values.ciudad = input.ciudad;
      if (input.region !== undefined) values.region = input.region;
      if (input.lat !== undefined) values.lat = input.lat;
      if (input.lng !== undefined) values.lng = input.lng;
      if (input.radioGeocercaM !== undefined) values.geofenceRadiusM = input.radioGeocercaM;
      if (input.zonaHoraria !== undefined) values.timeZone = input.zonaHoraria;
      if (Object.keys(values).length === 0) return load(session.companyId, id);
      const updated = await named(() => repo.updateSite(db, session.companyId, id, values));
      if (updated === 0) throw notFound(SITE_NOT_FOUND);
      return load(session.companyId, id);
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
