import {
  ACCESS,
  CONFIGURACION_ALERTAS_INICIAL,
  type ActualizarConfiguracionAlertasBody,
  type AlertaEnviada,
  type AlertasEnviadasPage,
  type alertasEnviadasQuerySchema,
  type ConfiguracionAlertas,
  type TipoAlerta,
} from '@jornada/contracts';
import { formatRut, limitBreaches, missedMarks, type ExceptionalSchedule, type WorkedDay } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { runAsCompany, runAsSystem } from '../../db/tenant-context';
import { requirePerfil } from '../../lib/access';
import { enqueueJob } from '../../lib/jobs';
import type { RequestSession } from '../../plugins/types';
import type { PlanReader } from '../planning/index';
import * as repo from './alerts.repository';
import type { WatchedAttendance } from './alerts.watched';

/** The job that sends one alert's e-mail (payload `{ companyId, alertId }`). */
export const ALERT_MAIL_JOB = 'alerta-correo';

/** How often each API process looks for alerts due (the alert leaves at most this late). */
export const ALERT_SCAN_EVERY_MS = 60_000;

/**
 * How far back a scan still owes a missed-mark alert: a process that was down (or a deploy) catches up
 * this long; older expected marks are left to the inconsistencies page instead of a late e-mail.
 */
const ALERT_LOOKBACK_MS = 12 * 3600_000;

/**
 * How often a company's compensatory rest is checked: its term ends on a day, and the check reads weeks of stored
 * days, plans and permissions, so once an hour (per process) is enough; the alert's key sends each date once.
 */
const COMPENSATORY_REST_EVERY_MS = 3600_000;

type AlertasEnviadasInput = z.output<typeof alertasEnviadasQuerySchema>;

function toConfig(row: repo.AlertSettingsRow | null): ConfiguracionAlertas {
  if (!row) return { ...CONFIGURACION_ALERTAS_INICIAL };
  return {
    marcaOmitida: row.missedMark,
    colacionOmitida: row.missedBreak,
    limiteDiario: row.dailyLimit,
    limiteSemanal: row.weeklyLimit,
    descansoCompensatorio: row.compensatoryRest,
    copiaAdministradores: row.copyAdmins,
  };
}

function toAlertaEnviada(row: repo.AlertWithWorker): AlertaEnviada {
  return {
    id: row.id,
    tipo: row.kind as TipoAlerta,
    trabajador: { id: row.userId, nombre: `${row.nombre} ${row.apellidos}`, rut: formatRut(row.rut) ?? row.rut },
    fecha: row.fecha,
    zonaHoraria: row.timeZone,
    esperadaEn: row.expectedAt?.toISOString() ?? null,
    segundosTrabajados: row.workedSeconds,
    segundosLimite: row.limitSeconds,
    detectadaEn: row.detectedAt.toISOString(),
    enviadaEn: row.sentAt?.toISOString() ?? null,
    destinatario: row.recipient,
    copias: row.copies ?? [],
  };
}

interface AlertsServiceDeps {
  db: Db;
  /** What the alerts watch of attendance (alerts.watched.ts). */
  watched: WatchedAttendance;
  log: FastifyBaseLogger;
  /** Commerce's declared December extension days (art. 24; modules/planning's `app.plan`): they raise that day's limit. */
  decemberExtensions?: PlanReader['decemberExtensions'];
  /** Called after a scan queued e-mails (wakes this process's job loop). */
  onJobQueued?: () => void;
}

export function createAlertsService({ db, watched, log, decemberExtensions, onJobQueued }: AlertsServiceDeps) {
  /** When each company's compensatory rest was last checked by this process (ms). */
  const compensatoryCheckedAt = new Map<string, number>();

  /**
   * Records an alert once: the unique key makes a second pass, a restart or another process find it
   * taken, and only the insert that created the row queues its e-mail (same transaction).
   */
  async function record(values: repo.NewAlert, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const id = await repo.insertAlert(tx, values);
      if (id === null) return false;
      await enqueueJob(tx, ALERT_MAIL_JOB, { companyId: values.companyId, alertId: id }, now);
      return true;
    });
  }

  /** One company's alerts due at `now` (runs in that company's scope). Returns how many were queued. */
  async function scanCompany(companyId: string, config: ConfiguracionAlertas, now: Date): Promise<number> {
    const known = await repo.recordedKeys(db, companyId, new Date(now.getTime() - ALERT_LOOKBACK_MS - 14 * 86_400_000));
    let queued = 0;
    const add = async (values: Omit<repo.NewAlert, 'companyId' | 'detectedAt'>) => {
      if (known.has(values.alertKey)) return;
      if (await record({ ...values, companyId, detectedAt: now }, now)) queued++;
    };
    if (config.marcaOmitida || config.colacionOmitida) {
      for (const worker of await watched.shiftsNear(companyId, now)) {
        const missed = missedMarks({ ...worker, since: now.getTime() - ALERT_LOOKBACK_MS, now: now.getTime(), breaks: config.colacionOmitida });
        for (const m of missed) {
          const isBreak = m.kind === 'inicio_colacion' || m.kind === 'fin_colacion';
          if (isBreak ? !config.colacionOmitida : !config.marcaOmitida) continue;
          const expectedAt = new Date(m.expectedAt);
          await add({ userId: worker.userId, kind: m.kind, alertKey: `${m.kind}:${worker.userId}:${expectedAt.toISOString()}`, fecha: m.date, timeZone: worker.zone, expectedAt });
        }
      }
    }
    if (config.limiteDiario || config.limiteSemanal) {
      const { days } = await watched.recentWorkedDays(companyId, now);
      const byWorker = new Map<string, { zone: string; excluded: boolean; exceptional: ExceptionalSchedule | undefined; days: WorkedDay[] }>();
      for (const d of days) {
        const entry = byWorker.get(d.userId) ?? { zone: d.zone, excluded: d.excludedFromHoursLimit, exceptional: undefined, days: [] };
        // Art. 38 inc. final: the worker's DT resolution, when it is in force on one of the days.
        entry.exceptional ??= d.exceptionalSchedule;
        entry.days.push({ date: d.fecha, workedSeconds: d.workedSeconds });
        byWorker.set(d.userId, entry);
      }
      const dates = days.map((d) => d.fecha).sort();
      const extensions = decemberExtensions && dates.length > 0 ? await decemberExtensions(companyId, { from: dates[0]!, to: dates[dates.length - 1]! }, db) : new Map<string, number>();
      for (const [userId, { zone, excluded, exceptional, days: worked }] of byWorker) {
        // Art. 22 inc. 2: a worker excluded from the hours limit has none to pass.
        const options = { ...(exceptional ? { exceptionalSchedule: exceptional } : {}), ...(extensions.size > 0 ? { decemberExtensions: extensions } : {}), excludedFromHoursLimit: excluded };
        for (const b of limitBreaches(worked, options)) {
          if (b.kind === 'limite_diario' ? !config.limiteDiario : !config.limiteSemanal) continue;
          await add({ userId, kind: b.kind, alertKey: `${b.kind}:${userId}:${b.date}`, fecha: b.date, timeZone: zone, workedSeconds: b.workedSeconds, limitSeconds: b.limitSeconds });
        }
      }
    }
    if (config.descansoCompensatorio) {
      const last = compensatoryCheckedAt.get(companyId);
      if (last === undefined || Math.abs(now.getTime() - last) >= COMPENSATORY_REST_EVERY_MS) {
        // Art. 38 inc. 3: a Sunday or holiday worked whose compensatory day was not granted in the seven days after it.
        for (const { userId, zone, rest } of await watched.uncompensatedRest(companyId, now)) {
          for (const r of rest) await add({ userId, kind: 'descanso_compensatorio', alertKey: `descanso_compensatorio:${userId}:${r.date}`, fecha: r.date, timeZone: zone });
        }
        compensatoryCheckedAt.set(companyId, now.getTime());
      }
    }
    return queued;
  }

  return {
    async getSettings(session: RequestSession): Promise<ConfiguracionAlertas> {
      requirePerfil(session, ...ACCESS.alertSettings);
      return toConfig(await repo.findSettings(db, session.companyId));
    },

    async updateSettings(session: RequestSession, body: ActualizarConfiguracionAlertasBody, now: Date): Promise<ConfiguracionAlertas> {
      requirePerfil(session, ...ACCESS.alertSettings);
      const row = await repo.upsertSettings(db, {
        companyId: session.companyId,
        missedMark: body.marcaOmitida,
        missedBreak: body.colacionOmitida,
        dailyLimit: body.limiteDiario,
        weeklyLimit: body.limiteSemanal,
        compensatoryRest: body.descansoCompensatorio,
        copyAdmins: body.copiaAdministradores,
        updatedAt: now,
        updatedBy: session.userId,
      });
      return toConfig(row);
    },

    async listSent(session: RequestSession, query: AlertasEnviadasInput): Promise<AlertasEnviadasPage> {
      requirePerfil(session, ...ACCESS.alertSettings);
      const { rows, total } = await repo.listAlerts(db, session.companyId, { kind: query.tipo }, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
      return { items: rows.map(toAlertaEnviada), total, page: query.page, pageSize: query.pageSize };
    },

    /** The settings a job reads (the company's scope is open). */
    async settingsOf(companyId: string): Promise<ConfiguracionAlertas> {
      return toConfig(await repo.findSettings(db, companyId));
    },

    /**
     * Finds every company's alerts due at `now` and queues their e-mails, each once. Safe to run from
     * any number of processes at once; a company that fails is logged and retried on the next pass.
     */
    async scan(now: Date): Promise<number> {
      const companies = await runAsSystem(() => repo.companiesWithSettings(db));
      let queued = 0;
      for (const { companyId, settings } of companies) {
        const config = toConfig(settings);
        if (!config.marcaOmitida && !config.colacionOmitida && !config.limiteDiario && !config.limiteSemanal && !config.descansoCompensatorio) continue;
        try {
          queued += await runAsCompany(companyId, () => scanCompany(companyId, config, now));
        } catch (error) {
          log.warn({ err: error, companyId }, 'no se pudieron revisar las alertas de asistencia de la empresa');
        }
      }
      if (queued > 0) onJobQueued?.();
      return queued;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
