/**
 * Inconsistencies: the list, the day and the export read the attendance module's stored evaluation
 * (through its index); this module owns only the dismissals (who, when, why; reopenable). Corrections
 * and permissions resolve an inconsistency through their own modules' APIs.
 */
import {
  ACCESS,
  ESTADO_INCONSISTENCIA_LABELS,
  type descartarInconsistenciaBodySchema,
  type DiaInconsistenciaResponse,
  type FilaInconsistencia,
} from '@jornada/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { runExport } from '../../lib/render/index';
import { CSV_CONTENT_TYPE, csvCellText, DATE_FORMAT, excelDate, writeXlsx, XLSX_CONTENT_TYPE, type ExportColumn } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import type { InconsistenciasFiltro, InconsistenciasInput, InconsistencyReads } from '../attendance/index';
import * as repo from './inconsistencies.repository';

type DescartarInput = z.output<typeof descartarInconsistenciaBodySchema>;

const DISMISSAL_MESSAGES = {
  notFound: 'El descarte no existe.',
  noSuchInconsistency: 'Ese día del trabajador no tiene esa inconsistencia (puede que ya se haya corregido).',
  alreadyDismissed: 'Esa inconsistencia ya está descartada.',
  alreadyReopened: 'Ese descarte ya fue reabierto.',
} as const;

const COLUMNS: ExportColumn<FilaInconsistencia>[] = [
  { header: 'Fecha', width: 12, value: (r) => excelDate(r.fecha), numFmt: DATE_FORMAT },
  { header: 'Trabajador', width: 30, value: (r) => `${r.nombre} ${r.apellidos}` },
  { header: 'RUT', width: 14, value: (r) => r.rut },
  { header: 'Grupo', width: 20, value: (r) => r.grupo?.nombre ?? '' },
  { header: 'Sede', width: 20, value: (r) => r.sede?.nombre ?? '' },
  { header: 'Tipo', width: 34, value: (r) => r.etiqueta },
  { header: 'Estado', width: 14, value: (r) => ESTADO_INCONSISTENCIA_LABELS[r.estado] },
  { header: 'Planificación', width: 20, value: (r) => r.plan },
  { header: 'Marcas', width: 40, value: (r) => r.marcas.map((m) => `${m.tipo.replace(/_/g, ' ')} ${m.hora}${m.estado === 'ignorada' ? ' (no cuenta)' : ''}`).join(', ') },
  { header: 'Motivo del descarte', width: 40, value: (r) => r.descarte?.motivo ?? '' },
];

/** `aaaa-mm-dd` → `dd-mm-aaaa`. */
const clDate = (iso: string) => iso.split('-').reverse().join('-');

function csvOf(rows: FilaInconsistencia[]): string {
  const field = (value: string) => {
    const text = csvCellText(value);
    return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const line = (values: string[]) => `${values.map(field).join(';')}\r\n`;
  let out = `\uFEFF${line(COLUMNS.map((c) => c.header))}`;
  for (const r of rows) {
    out += line(
      COLUMNS.map((c) => {
        const v = c.value(r);
        return c.header === 'Fecha' ? clDate(r.fecha) : v === null || v === undefined ? '' : String(v);
      }),
    );
  }
  return out;
}

export function createInconsistenciesService({ db, reads }: { db: Db; reads: InconsistencyReads }) {
  /** The day (scope checked by the read: 404 out of scope) and the inconsistency it must hold. */
  async function requireInconsistency(session: RequestSession, usuarioId: string, fecha: string, codigo: string, now: Date): Promise<DiaInconsistenciaResponse> {
    const day = await reads.day(session, usuarioId, fecha, now);
    if (!day.inconsistencias.some((i) => i.codigo === codigo)) throw fieldError('codigo', DISMISSAL_MESSAGES.noSuchInconsistency);
    return day;
  }

  return {
    list: (session: RequestSession, query: InconsistenciasInput, now: Date) => reads.list(session, query, now),
    day: (session: RequestSession, usuarioId: string, fecha: string, now: Date) => reads.day(session, usuarioId, fecha, now),
    /** Open inconsistencies of a company over a period, for another module's check (payroll before closing a month). */
    openInconsistencies: (companyId: string, desde: string, hasta: string, now: Date) => reads.openCount(companyId, desde, hasta, now),

    /** The filter's inconsistencies as a spreadsheet (xlsx) or CSV, text cells guarded against formulas; in the company's export turn (lib/render). */
    async export(session: RequestSession, query: InconsistenciasFiltro & { formato: 'xlsx' | 'csv' }, now: Date): Promise<{ contentType: string; filename: string; bytes: Buffer }> {
      requirePerfil(session, ...ACCESS.inconsistencies);
      return runExport(session.companyId, async () => {
        const { desde, hasta, rows } = await reads.exportRows(session, query, now);
        const name = `inconsistencias_${desde}_${hasta}`;
        if (query.formato === 'csv') return { contentType: CSV_CONTENT_TYPE, filename: `${name}.csv`, bytes: Buffer.from(csvOf(rows), 'utf8') };
        return { contentType: XLSX_CONTENT_TYPE, filename: `${name}.xlsx`, bytes: await writeXlsx({ sheetName: 'Inconsistencias', columns: COLUMNS, rows }) };
      });
    },

    /** Dismisses an inconsistency the day holds, with the reason (logged). */
    async dismiss(session: RequestSession, body: DescartarInput, now: Date): Promise<DiaInconsistenciaResponse> {
      requirePerfil(session, ...ACCESS.inconsistencies);
      await requireInconsistency(session, body.usuarioId, body.fecha, body.codigo, now);
      const row = await repo.insertDismissal(db, {
        companyId: session.companyId,
        userId: body.usuarioId,
        fecha: body.fecha,
        code: body.codigo,
        reason: body.motivo,
        dismissedBy: session.userId,
        dismissedAt: now,
      });
      if (!row) throw new AppError('CONFLICT', DISMISSAL_MESSAGES.alreadyDismissed);
      return reads.day(session, body.usuarioId, body.fecha, now);
    },

    /** Reopens a standing dismissal: the inconsistency is open again; the dismissal stays in the log. */
    async reopen(session: RequestSession, id: string, now: Date): Promise<DiaInconsistenciaResponse> {
      requirePerfil(session, ...ACCESS.inconsistencies);
      requireId(id, DISMISSAL_MESSAGES.notFound);
      const found = await repo.findDismissal(db, session.companyId, id);
      if (!found) throw notFound(DISMISSAL_MESSAGES.notFound);
      // The worker must be in the caller's scope: otherwise the dismissal does not exist for them.
      try {
        await reads.day(session, found.userId, found.fecha, now);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) throw notFound(DISMISSAL_MESSAGES.notFound);
        throw error;
      }
      const reopened = await repo.reopenDismissal(db, session.companyId, id, session.userId, now);
      if (!reopened) throw new AppError('CONFLICT', DISMISSAL_MESSAGES.alreadyReopened);
      return reads.day(session, found.userId, found.fecha, now);
    },
  };
}

export type InconsistenciesService = ReturnType<typeof createInconsistenciesService>;
