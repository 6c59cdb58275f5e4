/**
 * Bulk uploads of shifts, planning and planners, all or nothing: a preview, then the same file committed
 * in one transaction. Each file's checks are in planning-uploads.shifts.ts, planning-uploads.days.ts and
 * planning-uploads.planner.ts; the columns and templates in upload-templates.ts.
 */
import { ACCESS, type CargaMasivaResultado, type CargaPlanificacionResultado, type Conflictos } from '@jornada/contracts';
import { analyzeAfterBulkLoad, type Db, type DbOrTx } from '../../db/client';
import { requirePerfil } from '../../lib/access';
import { summarize, templateCsv, templateXlsx, type Columns, type TemplateSpec, type UploadedFile } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import { mayBreakTheLaw } from '../shifts/index';
import { UPLOAD_MESSAGES, type PlanningUploadsPorts } from './planning-uploads.common';
import { planPlanning } from './planning-uploads.days';
import { planPlanner } from './planning-uploads.planner';
import { planShifts } from './planning-uploads.shifts';
import { TEMPLATES, type UploadKind } from './upload-templates';

export type { PlanningUploadsPorts } from './planning-uploads.common';
export type { UploadKind } from './upload-templates';

export function createPlanningUploadsService(db: Db, { planning, shiftCatalog }: PlanningUploadsPorts) {
  const requireUploader = (session: RequestSession, kind: UploadKind) =>
    kind === 'turnos' ? requirePerfil(session, ...ACCESS.shiftsManage) : requirePerfil(session, ...ACCESS.planningManage);

  return {
    template(session: RequestSession, kind: UploadKind, format: 'xlsx' | 'csv'): Promise<Buffer> | Buffer {
      requireUploader(session, kind);
      const spec = TEMPLATES[kind] as TemplateSpec<Columns>;
      return format === 'xlsx' ? templateXlsx(spec) : Buffer.from(templateCsv(spec), 'utf8');
    },

    /**
     * The shifts upload. Rows whose shift breaks the law are warned in the preview; the commit follows the
     * rule of the shift form (`mayBreakTheLaw`): without a resolución de jornada excepcional it needs
     * `confirmarAdvertencias`, and without it the warnings become the rows' errors and nothing is written.
     */
    async shifts(session: RequestSession, file: UploadedFile, commit: boolean, now: Date, confirmarAdvertencias = false): Promise<CargaMasivaResultado> {
      requireUploader(session, 'turnos');
      const run = async (dbx: DbOrTx) => {
        const result = await planShifts(shiftCatalog, dbx, session, file, now);
        const { advertencias } = result;
        // The company is asked only when some row warns (the rule is the shift form's `mayBreakTheLaw`).
        const confirmacionRequerida = !mayBreakTheLaw(advertencias, advertencias.length > 0 && (await shiftCatalog.hasExceptionalSystem(dbx, session.companyId)), false);
        const errores = [...result.errores];
        if (commit && !mayBreakTheLaw(advertencias, !confirmacionRequerida, confirmarAdvertencias)) {
          for (const a of advertencias) errores.push({ ...a, mensaje: `${a.mensaje} ${UPLOAD_MESSAGES.confirmLaw}` });
        }
        const apply = commit && errores.length === 0;
        if (apply) {
          await shiftCatalog.save(dbx, { creates: result.creates, updates: result.updates }, session.userId, now);
        }
        return {
          ...summarize({ archivo: file.filename, filas: result.filas, errores, totalFilas: result.totalFilas, aplicado: apply }),
          advertencias,
          confirmacionRequerida,
        };
      };
      return commit ? db.transaction(run) : run(db);
    },

    async planning(session: RequestSession, file: UploadedFile, commit: boolean, now: Date): Promise<CargaPlanificacionResultado> {
      requireUploader(session, 'planificacion');
      const scope = await planning.scopeOf(session);
      const run = async (dbx: DbOrTx) => {
        const result = await planPlanning(planning, dbx, session, scope, file, now);
        const apply = commit && result.errores.length === 0;
        if (apply) await planning.writeDays(dbx, { companyId: session.companyId, actorId: session.userId, now, origin: 'carga_planificacion' }, result.writes);
        return { ...summarize({ archivo: file.filename, filas: result.filas, errores: result.errores, totalFilas: result.totalFilas, aplicado: apply }), dias: result.dias };
      };
      if (!commit) return run(db);
      const outcome = await db.transaction(run);
      if (outcome.aplicado) await analyzeAfterBulkLoad(db, ['planning_days', 'planning_changes'], outcome.resumen.totalFilas);
      return outcome;
    },

    async planner(session: RequestSession, file: UploadedFile, conflictos: Conflictos, commit: boolean, now: Date): Promise<CargaPlanificacionResultado> {
      requireUploader(session, 'planificador');
      const scope = await planning.scopeOf(session);
      const run = async (dbx: DbOrTx) => {
        const result = await planPlanner(planning, dbx, session, scope, file, conflictos, now, commit);
        const apply = commit && result.errores.length === 0;
        if (apply) await planning.writeDays(dbx, { companyId: session.companyId, actorId: session.userId, now, origin: 'carga_planificador' }, result.writes);
        return { ...summarize({ archivo: file.filename, filas: result.filas, errores: result.errores, totalFilas: result.totalFilas, aplicado: apply }), dias: result.dias };
      };
      if (!commit) return run(db);
      const outcome = await db.transaction(run);
      if (outcome.aplicado) await analyzeAfterBulkLoad(db, ['planning_days', 'planning_changes'], outcome.resumen.totalFilas);
      return outcome;
    },
  };
}

export type PlanningUploadsService = ReturnType<typeof createPlanningUploadsService>;
