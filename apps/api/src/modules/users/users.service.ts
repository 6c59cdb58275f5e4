import type { crearUsuarioBodySchema, Perfil } from '@jornada/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, MESSAGES } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { RequestSession } from '../../plugins/types';
import { sameRazonSocial, type CompaniesService } from '../companies/companies.service';
import * as repo from './users.repository';

export type CrearUsuarioInput = z.output<typeof crearUsuarioBodySchema>;

const RUT_TAKEN = 'Ya existe un usuario registrado con ese RUT.';
const RAZON_SOCIAL_MISMATCH = 'La razón social no coincide con la de la empresa registrada.';
const PRINCIPAL_EXISTS = 'La empresa ya tiene su usuario administrador principal.';

function rutTaken(): AppError {
  return new AppError('CONFLICT', RUT_TAKEN, { rut: RUT_TAKEN });
}

function userValues(input: CrearUsuarioInput, companyId: string, perfil: Perfil, passwordHash: string, now: Date): repo.NewUser {
  return {
    companyId,
    rut: input.rut,
    nombre: input.nombre,
    apellidos: input.apellidos,
    cargo: input.cargo ?? null,
    email: input.email,
    direccion: input.direccion ?? null,
    telefono: input.telefono ?? null,
    perfil,
    principal: false,
    inicioContrato: input.inicio_contrato,
    finContrato: input.fin_contrato ?? null,
    passwordHash,
    createdAt: now,
    updatedAt: now,
  };
}

export function createUsersService(db: Db, companies: CompaniesService) {
  async function insert(run: () => Promise<string>): Promise<string> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error, 'logins_pkey') || isUniqueViolation(error, 'users_company_rut_key')) throw rutTaken();
      if (isUniqueViolation(error, 'users_company_principal_key')) throw new AppError('CONFLICT', PRINCIPAL_EXISTS);
      throw error;
    }
  }

  return {
    /**
     * The onboarding path: creates the company's principal administrator with the one-time token of
     * empresa/crear. The token is consumed in the same transaction, so it works once even under races.
     */
    async createPrincipal(onboardingToken: string | null, input: CrearUsuarioInput, now: Date): Promise<string> {
      const passwordHash = await hashPassword(input.password);
      return insert(() =>
        db.transaction(async (tx) => {
          const company = await companies.claimOnboardingToken(tx, onboardingToken, now);
          if (!sameRazonSocial(company.razonSocial, input.razon_social)) {
            throw new AppError('VALIDATION', MESSAGES.validation, { razon_social: RAZON_SOCIAL_MISMATCH });
          }
          if (await repo.companyHasPrincipal(tx, company.id)) throw new AppError('CONFLICT', PRINCIPAL_EXISTS);
          if (await repo.loginExists(tx, input.rut)) throw rutTaken();
          return repo.insertUserWithLogin(tx, { ...userValues(input, company.id, 'administrador', passwordHash, now), principal: true });
        }),
      );
    },

    /** An administrator adds a worker to their own company. */
    async createByAdmin(session: RequestSession, input: CrearUsuarioInput, now: Date): Promise<string> {
      if (session.perfil !== 'administrador') throw new AppError('FORBIDDEN', 'Solo un administrador puede crear usuarios.');
      const company = await companies.findById(session.companyId);
      if (!company) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      if (!sameRazonSocial(company.razonSocial, input.razon_social)) {
        throw new AppError('VALIDATION', MESSAGES.validation, { razon_social: RAZON_SOCIAL_MISMATCH });
      }
      if (await repo.loginExists(db, input.rut)) throw rutTaken();
      const passwordHash = await hashPassword(input.password);
      return insert(() => db.transaction((tx) => repo.insertUserWithLogin(tx, userValues(input, company.id, 'trabajador', passwordHash, now))));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
