import { ACCESS } from '@jornada/contracts';
import type { actualizarEmpresaBodySchema, Empresa } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fieldError, requirePerfil } from '../../lib/access';
import { AppError, MESSAGES } from '../../lib/errors';
import type { RequestSession } from '../../plugins/types';
import * as repo from './companies.repository';
import type { CompanyEmail } from './company-email';

function toEmpresa(row: repo.CompanyRow): Empresa {
  return {
    id: row.id,
    rut: formatRut(row.rut) ?? row.rut,
    nombre: row.nombre,
    razonSocial: row.razonSocial,
    direccion: row.direccion,
    telefono: row.telefono,
    email: row.email,
    emailConfirmado: row.emailConfirmedAt !== null,
    rubro: row.rubro,
    resolucion: row.resolucion,
    resolucionNumero: row.resolucionNumero,
    resolucionFecha: row.resolucionFecha,
    comentario: row.comentario,
    recargoDominicalPorcentaje: row.recargoDominicalPorcentaje,
    creadoEn: row.createdAt.toISOString(),
  };
}

export function createCompanyService(db: Db, email: CompanyEmail) {
  return {
    async get(session: RequestSession): Promise<Empresa> {
      requirePerfil(session, ...ACCESS.companySettings);
      const row = await repo.findCompanyById(db, session.companyId);
      if (!row) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      return toEmpresa(row);
    },

    /**
     * Edits the company data. The RUT is the company's identity and does not change. A company
     * under an exceptional schedule must give its resolution number: receipts print it. A new e-mail
     * takes effect at once but unconfirmed: a link goes to it, and user invitations wait until it is
     * opened (company-email.ts); otherwise a confirmed company could move its invitations' permission
     * to any address.
     */
    async update(session: RequestSession, input: z.output<typeof actualizarEmpresaBodySchema>, now: Date): Promise<Empresa> {
      requirePerfil(session, ...ACCESS.companySettings);
      const { row, confirmation } = await db.transaction(async (tx) => {
        const current = await repo.findCompanyForUpdate(tx, session.companyId);
        if (!current) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
        const values: Partial<repo.CompanyRow> = {};
        for (const key of ['nombre', 'razonSocial', 'direccion', 'telefono', 'email', 'rubro', 'resolucion', 'resolucionNumero', 'resolucionFecha', 'comentario', 'recargoDominicalPorcentaje'] as const) {
          if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
        }
        const resolucion = values.resolucion ?? current.resolucion;
        if (resolucion) {
          const numero = values.resolucionNumero === undefined ? current.resolucionNumero : values.resolucionNumero;
          if (!numero) throw fieldError('resolucionNumero', 'Ingresa el número de la resolución de jornada excepcional.');
        } else if (values.resolucion === false) {
          // Without a resolution there is no number nor date to print.
          values.resolucionNumero = null;
          values.resolucionFecha = null;
        }
        const emailChanged = values.email !== undefined && values.email !== current.email;
        if (emailChanged) values.emailConfirmedAt = null;
        if (Object.keys(values).length > 0) await repo.updateCompany(tx, session.companyId, values);
        const row = { ...current, ...values };
        return { row, confirmation: emailChanged ? await email.issue(tx, row, now) : null };
      });
      email.send(confirmation);
      return toEmpresa(row);
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
