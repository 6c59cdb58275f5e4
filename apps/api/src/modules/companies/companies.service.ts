import { ONBOARDING_TOKEN_TTL_MS, type crearEmpresaBodySchema } from '@jornada/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { addMs } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { PermissionReads } from '../permissions/index';
import * as repo from './companies.repository';
import type { CompanyEmail, PendingConfirmation } from './company-email';

type CrearEmpresaInput = z.output<typeof crearEmpresaBodySchema>;

const DUPLICATE_MESSAGE = 'Ya existe una empresa registrada con ese RUT.';

function duplicate(): AppError {
  return new AppError('CONFLICT', DUPLICATE_MESSAGE, { rutEmpresa: DUPLICATE_MESSAGE });
}

function companyValues(input: CrearEmpresaInput) {
  return {
    rut: input.rutEmpresa,
    nombre: input.nombre,
    razonSocial: input.razonSocial,
    direccion: input.direccion ?? null,
    telefono: input.telefono ?? null,
    email: input.email ?? null,
    rubro: input.rubro ?? null,
    resolucion: input.resolucion,
    comentario: input.comentario ?? null,
  };
}

/** Case, spacing and accents do not make a different razón social. */
export function sameRazonSocial(a: string, b: string): boolean {
  const simplify = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLocaleLowerCase('es-CL');
  return simplify(a) === simplify(b);
}

export function createCompaniesService(db: Db, email: CompanyEmail, permissions: Pick<PermissionReads, 'createDefaultPermissionTypes'>) {
  return {
    /**
     * Registers a company and returns a one-time token to create its principal administrator.
     * A RUT already registered is refused, except a registration that was never completed (no users)
     * and whose token has expired: otherwise an abandoned sign-up would block the company forever.
     * The company starts with its e-mail unconfirmed: a link goes to that address, and its user
     * invitations wait until someone opens it (company-email.ts).
     */
    async create(input: CrearEmpresaInput, now: Date): Promise<{ id: string; onboardingToken: string }> {
      const token = newToken();
      try {
        const { id, confirmation } = await db.transaction(async (tx) => {
          const existing = await repo.findCompanyByRutForUpdate(tx, input.rutEmpresa);
          let companyId: string;
          if (existing) {
            const abandoned =
              (await repo.countCompanyUsers(tx, existing.id)) === 0 && !(await repo.hasLiveOnboardingToken(tx, existing.id, now));
            if (!abandoned) throw duplicate();
            await repo.updateCompany(tx, existing.id, { ...companyValues(input), emailConfirmedAt: null });
            companyId = existing.id;
          } else {
            companyId = await repo.insertCompany(tx, { ...companyValues(input), emailConfirmedAt: null, createdAt: now });
          }
          // A new company starts with the Chilean permission types (vacaciones, licencia médica...).
          await permissions.createDefaultPermissionTypes(tx, companyId, now);
          await repo.insertOnboardingToken(tx, {
            tokenHash: hashToken(token),
            companyId,
            createdAt: now,
            expiresAt: addMs(now, ONBOARDING_TOKEN_TTL_MS),
          });
          const values = companyValues(input);
          const confirmation: PendingConfirmation | null = await email.issue(tx, { id: companyId, email: values.email, razonSocial: values.razonSocial, rut: values.rut }, now);
          return { id: companyId, confirmation };
        });
        email.send(confirmation);
        return { id, onboardingToken: token };
      } catch (error) {
        if (isUniqueViolation(error, 'companies_rut_key')) throw duplicate();
        throw error;
      }
    },

    /**
     * Consumes an onboarding token inside the caller's transaction (the user insert and the token use
     * commit together). Unknown, used and expired tokens are refused alike.
     */
    async claimOnboardingToken(tx: DbOrTx, token: string | null, now: Date): Promise<repo.CompanyRow> {
      const row = token ? await repo.findOnboardingTokenForUpdate(tx, hashToken(token)) : undefined;
      if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) {
        throw new AppError(
          'ONBOARDING_TOKEN_INVALID',
          'El registro del usuario principal requiere el código entregado al registrar la empresa, y ese código no es válido, ya se usó o venció.',
        );
      }
      await repo.markOnboardingTokenUsed(tx, row.tokenHash, now);
      return (await repo.findCompanyById(tx, row.companyId))!;
    },

    findById: (id: string) => repo.findCompanyById(db, id),
    /** The company row locked in the caller's transaction (the users module serialises its invitations' daily count on it). */
    findByIdForUpdate: (tx: DbOrTx, id: string) => repo.findCompanyForUpdate(tx, id),
    /** Registers what runs once a company's e-mail is confirmed (company-email.ts). */
    onEmailConfirmed: email.onConfirmed,
    count: () => repo.countCompanies(db),
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
