/** The year's holiday calendar and the company's own holidays: list, add one for a future date, remove one not yet past. */
import { ACCESS, type CalendarioFeriados, type crearFeriadoBodySchema, type Feriado, type FeriadoEliminado } from '@jornada/contracts';
import { chileanHolidays, holidayLookup, localDateOf } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound, requireId, requirePerfil } from '../../lib/access';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { RequestSession } from '../../plugins/types';
import * as repo from './holidays.repository';

/** Company holidays are dated in Chile's civil calendar: "today" is today in Santiago. */
const CALENDAR_ZONE = 'America/Santiago';

const MESSAGES = {
  notFound: 'El feriado no existe.',
  past: 'La fecha del feriado debe ser posterior a hoy: los días que ya pasaron no se cambian.',
  pastRemoval: 'El feriado ya pasó o es hoy: no se puede eliminar.',
  duplicate: 'La empresa ya tiene un feriado en esa fecha.',
  national: (name: string) => `Esa fecha ya es feriado en todo el país: ${name}.`,
} as const;

const national = holidayLookup();

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: message });
}

interface HolidaysServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
}

export function createHolidaysService({ db, log }: HolidaysServiceDeps) {
  const today = (now: Date) => localDateOf(CALENDAR_ZONE, now.getTime());

  return {
    /** The law's holidays of the year (national and every region's) and the company's own, by date; the removed ones apart. */
    async year(session: RequestSession, anio: number | undefined, now: Date): Promise<CalendarioFeriados> {
      requirePerfil(session, ...ACCESS.holidays);
      const hoy = today(now);
      const year = anio ?? Number(hoy.slice(0, 4));
      const law: Feriado[] = chileanHolidays(year, { allRegions: true }).map((h) => ({
        id: null,
        fecha: h.date,
        nombre: h.name,
        tipo: h.scope === 'empresa' ? 'empresa' : h.scope,
        irrenunciable: h.irrenunciable,
        ley: h.law ?? null,
        regiones: h.regions ? [...h.regions] : h.region ? [h.region] : [],
        comunas: h.communes ? [...h.communes] : [],
        creadoPor: null,
        creadoEn: null,
        eliminable: false,
      }));
      const own = await repo.yearHolidays(db, session.companyId, year);
      const live: Feriado[] = [];
      const eliminados: FeriadoEliminado[] = [];
      for (const { holiday: h, creadoPor, eliminadoPor } of own) {
        if (h.deletedAt) {
          eliminados.push({
            id: h.id,
            fecha: h.fecha,
            nombre: h.nombre,
            irrenunciable: h.irrenunciable,
            creadoPor,
            creadoEn: h.createdAt.toISOString(),
            eliminadoPor,
            eliminadoEn: h.deletedAt.toISOString(),
          });
          continue;
        }
        live.push({
          id: h.id,
          fecha: h.fecha,
          nombre: h.nombre,
          tipo: h.tipo,
          irrenunciable: h.irrenunciable,
          ley: null,
          regiones: [],
          comunas: [],
          creadoPor,
          creadoEn: h.createdAt.toISOString(),
          eliminable: h.fecha > hoy,
        });
      }
      // By date; on one date the law's holiday first.
      const feriados = [...law, ...live].sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : (a.id === null ? 0 : 1) - (b.id === null ? 0 : 1)));
      eliminados.sort((a, b) => (a.eliminadoEn < b.eliminadoEn ? 1 : -1));
      return { anio: year, hoy, feriados, eliminados };
    },

    /** Adds a holiday for a date after today; the stored attendance of that date goes stale in the same transaction (a trigger). */
    async add(session: RequestSession, input: z.output<typeof crearFeriadoBodySchema>, now: Date): Promise<Feriado> {
      requirePerfil(session, ...ACCESS.holidays);
      if (input.fecha <= today(now)) throw fieldError('fecha', MESSAGES.past);
      const existing = national(input.fecha);
      if (existing && existing.scope === 'nacional') throw fieldError('fecha', MESSAGES.national(existing.name));
      let row: repo.CompanyHolidayRow;
      try {
        row = await repo.insertHoliday(db, {
          companyId: session.companyId,
          fecha: input.fecha,
          nombre: input.nombre,
          tipo: input.tipo,
          irrenunciable: input.irrenunciable,
          createdBy: session.userId,
          createdAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'company_holidays_company_fecha_key')) throw fieldError('fecha', MESSAGES.duplicate);
        throw error;
      }
      log.info({ companyId: session.companyId, userId: session.userId, feriadoId: row.id, fecha: row.fecha, tipo: row.tipo, irrenunciable: row.irrenunciable }, 'feriado de la empresa agregado');
      return {
        id: row.id,
        fecha: row.fecha,
        nombre: row.nombre,
        tipo: row.tipo,
        irrenunciable: row.irrenunciable,
        ley: null,
        regiones: [],
        comunas: [],
        creadoPor: null,
        creadoEn: row.createdAt.toISOString(),
        eliminable: true,
      };
    },

    /** Removes a company holiday whose date has not come yet; the row stays as the log of who removed it. */
    async remove(session: RequestSession, id: string, now: Date): Promise<void> {
      requirePerfil(session, ...ACCESS.holidays);
      requireId(id, MESSAGES.notFound);
      const removed = await db.transaction(async (tx) => {
        const row = await repo.lockLiveHoliday(tx, session.companyId, id);
        if (!row) throw notFound(MESSAGES.notFound);
        if (row.fecha <= today(now)) throw fieldError('fecha', MESSAGES.pastRemoval);
        await repo.markRemoved(tx, session.companyId, id, session.userId, now);
        return row;
      });
      log.info({ companyId: session.companyId, userId: session.userId, feriadoId: id, fecha: removed.fecha }, 'feriado de la empresa eliminado');
    },
  };
}

export type HolidaysService = ReturnType<typeof createHolidaysService>;
