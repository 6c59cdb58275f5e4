/**
 * Commerce before Christmas (art. 24): the days from 10 to 24 December the company declares as extended, up to
 * 2 hours each on at most nine days a year. The plan's alerts read them (`weeksView`); this file reads and replaces
 * a year's set, all or nothing.
 */
import { ACCESS, type ExtensionDiciembre, type extensionDiciembreBodySchema } from '@jornada/contracts';
import { DECEMBER_EXTENSION_MAX_DAYS, DECEMBER_EXTENSION_MAX_SECONDS, decemberExtensionWindow } from '@jornada/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, requirePerfil } from '../../lib/access';
import { AppError } from '../../lib/errors';
import type { RequestSession } from '../../plugins/types';
import type { PayrollPeriodsPort } from '../payroll-periods/index';
import * as repo from './planning.repository';

type ExtensionBody = z.output<typeof extensionDiciembreBodySchema>;

const NOT_COMMERCE = 'Solo las empresas del comercio pueden declarar la extensión de jornada de diciembre (art. 24). Revisa el rubro en los datos de la empresa.';

/** An overtime pact covering some dates, as modules/overtime gives it (`app.overtimePactsOnDates`). */
interface PactOnDates {
  nombre: string;
  apellidos: string;
  desde: string;
  hasta: string;
}

/** The company's overtime pacts covering any of the dates (modules/overtime provides it after the planning registers). */
export type OvertimePactsOnDates = (executor: DbOrTx, companyId: string, dates: readonly string[]) => Promise<PactOnDates[]>;

/** How many pacts the refusal names before «y N más». */
const PACTS_NAMED = 3;

const dmy = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/**
 * Art. 24 inc. 2: «cuando el empleador ejerciere la facultad prevista en el inciso anterior no procederá pactar
 * horas extraordinarias». A day an overtime pact covers is not declared (409), naming the pacts to shorten.
 */
function pactsRefusal(pacts: readonly PactOnDates[]): AppError {
  const named = pacts.slice(0, PACTS_NAMED).map((p) => `${p.nombre} ${p.apellidos} (del ${dmy(p.desde)} al ${dmy(p.hasta)})`);
  const more = pacts.length - named.length;
  const message =
    `Hay pactos de horas extra vigentes en esos días: ${named.join(', ')}${more > 0 ? ` y ${more} más` : ''}. ` +
    'Cuando el empleador extiende la jornada de diciembre no procede pactar horas extra (art. 24): acorta o divide esos pactos para dejar fuera los días declarados, o declara otros días.';
  return new AppError('CONFLICT', message, { dias: message });
}

interface DecemberDeps {
  db: Db;
  /** The overtime pacts covering some dates (modules/overtime's, through `app.overtimePactsOnDates`). */
  pactsOnDates: OvertimePactsOnDates;
  isCommerceCompany(companyId: string): Promise<boolean>;
  /** Refuses dates in a closed payroll month (modules/payroll-periods' `app.payrollPeriods`). */
  payrollPeriods: Pick<PayrollPeriodsPort, 'assertMonthsOpen'>;
}

export function createDecemberExtensions({ db, isCommerceCompany, payrollPeriods, pactsOnDates }: DecemberDeps) {
  async function read(dbx: DbOrTx, companyId: string, anio: number, comercio: boolean): Promise<ExtensionDiciembre> {
    const window = decemberExtensionWindow(anio);
    const rows = await repo.loadDecemberExtensions(dbx, companyId, window.from, window.to);
    return {
      anio,
      comercio,
      desde: window.from,
      hasta: window.to,
      maxDias: DECEMBER_EXTENSION_MAX_DAYS,
      maxMinutos: DECEMBER_EXTENSION_MAX_SECONDS / 60,
      dias: rows.map((r) => ({
        fecha: r.date,
        minutos: r.minutes,
        declaradoPor: r.nombre === null ? null : `${r.nombre} ${r.apellidos ?? ''}`.trim(),
        declaradoEn: r.createdAt.toISOString(),
      })),
    };
  }

  return {
    /** The year's declared days; for a company outside commerce, none and `comercio: false`. */
    async get(session: RequestSession, anio: number): Promise<ExtensionDiciembre> {
      requirePerfil(session, ...ACCESS.planningManage);
      const comercio = await isCommerceCompany(session.companyId);
      return read(db, session.companyId, anio, comercio);
    },

    /**
     * Replaces the year's declared days with `body.dias`, all or nothing. Only commerce; the schema already
     * checked the window, the nine days, the 2 hours and repeated dates. A date that changes (added, removed
     * or with other hours) in a closed payroll month is refused (409) before anything is written, and so is a
     * new day an overtime pact covers (art. 24 inc. 2); an unchanged day keeps who declared it and when.
     */
    async put(session: RequestSession, body: ExtensionBody, now: Date): Promise<ExtensionDiciembre> {
      requirePerfil(session, ...ACCESS.planningManage);
      if (!(await isCommerceCompany(session.companyId))) throw fieldError('dias', NOT_COMMERCE);
      const window = decemberExtensionWindow(body.anio);
      return db.transaction(async (tx) => {
        const current = new Map((await repo.loadDecemberExtensions(tx, session.companyId, window.from, window.to)).map((r) => [r.date, r.minutes]));
        const wanted = new Map(body.dias.map((d) => [d.fecha, d.minutos]));
        const unchanged = new Set([...wanted].filter(([date, minutes]) => current.get(date) === minutes).map(([date]) => date));
        const changed = [...new Set([...current.keys(), ...wanted.keys()])].filter((d) => !unchanged.has(d));
        if (changed.length > 0) {
          await payrollPeriods.assertMonthsOpen(tx, session.companyId, changed);
          const added = [...wanted.keys()].filter((date) => !current.has(date));
          const pacts = await pactsOnDates(tx, session.companyId, added);
          if (pacts.length > 0) throw pactsRefusal(pacts);
          await repo.replaceDecemberExtensions(
            tx,
            session.companyId,
            window.from,
            window.to,
            [...wanted].filter(([date]) => !unchanged.has(date)).map(([date, minutes]) => ({ date, minutes, createdBy: session.userId, createdAt: now })),
            unchanged,
          );
        }
        return read(tx, session.companyId, body.anio, true);
      });
    },
  };
}

export type DecemberExtensionService = ReturnType<typeof createDecemberExtensions>;
