import { zodResolver } from '@hookform/resolvers/zod';
import {
  actualizarUsuarioBodySchema,
  crearUsuarioV1BodySchema,
  type CrearUsuarioV1Body,
  type MetodoMarcaje,
  type ModoDerechoAlimentacion,
  type Perfil,
  type Usuario,
} from '@jornada/contracts';
import { weeklyHoursLimit } from '@jornada/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { todayInChile } from '../../../lib/format';

/** The user form as edited; `toBody` turns it into the API's body. */
export interface UserFormValues {
  nombre: string;
  apellidos: string;
  rut: string;
  cargo: string;
  email: string;
  emailPersonal: string;
  telefono: string;
  direccion: string;
  perfil: Perfil;
  sedeId: string | null;
  grupoId: string | null;
  jornadaExcepcionalId: string | null;
  horasSemanales: number | string;
  sueldoBase: number | string;
  numeroContrato: string;
  aniosReconocidosAnteriores: number | string;
  exceptuadoDescansoDominical: boolean;
  /** The exception's first and last day (art. 38); null: from the contract's start, or to its end. */
  exceptuadoDescansoDominicalDesde: string | null;
  exceptuadoDescansoDominicalHasta: string | null;
  excluidoLimiteJornada: boolean;
  /** Minutes of the art. 27 band; '' for none. */
  bandaInicioFlexibleMinutos: number | string;
  /** Weeks of the averaged distribution's cycle (art. 22 bis) as the select holds them: '' for no pact. */
  jornadaPromedioSemanas: string;
  jornadaPromedioDesde: string | null;
  jornadaPromedioHasta: string | null;
  derechoAlimentacionHasta: string | null;
  derechoAlimentacionModo: ModoDerechoAlimentacion;
  metodosMarcaje: MetodoMarcaje[];
  inicioContrato: string | null;
  finContrato: string | null;
}

export const USER_FIELD_NAMES = [
  'nombre',
  'apellidos',
  'rut',
  'cargo',
  'email',
  'emailPersonal',
  'telefono',
  'direccion',
  'perfil',
  'sedeId',
  'grupoId',
  'jornadaExcepcionalId',
  'horasSemanales',
  'sueldoBase',
  'numeroContrato',
  'aniosReconocidosAnteriores',
  'exceptuadoDescansoDominical',
  'exceptuadoDescansoDominicalDesde',
  'exceptuadoDescansoDominicalHasta',
  'excluidoLimiteJornada',
  'bandaInicioFlexibleMinutos',
  'jornadaPromedioSemanas',
  'jornadaPromedioDesde',
  'jornadaPromedioHasta',
  'derechoAlimentacionHasta',
  'derechoAlimentacionModo',
  'metodosMarcaje',
  'inicioContrato',
  'finContrato',
] as const satisfies readonly (keyof UserFormValues)[];

/**
 * A blank registration form for a day (`aaaa-mm-dd`): the weekly hours start at the legal limit in
 * force that day (Ley 21.561: 44, then 42 from 26-04-2026, 40 from 26-04-2028), never above it.
 */
export function emptyUserForm(today: string = todayInChile()): UserFormValues {
  return {
    nombre: '',
    apellidos: '',
    rut: '',
    cargo: '',
    email: '',
    emailPersonal: '',
    telefono: '',
    direccion: '',
    perfil: 'trabajador',
    sedeId: null,
    grupoId: null,
    jornadaExcepcionalId: null,
    horasSemanales: weeklyHoursLimit(today),
    sueldoBase: '',
    numeroContrato: '',
    aniosReconocidosAnteriores: 0,
    exceptuadoDescansoDominical: false,
    exceptuadoDescansoDominicalDesde: null,
    exceptuadoDescansoDominicalHasta: null,
    excluidoLimiteJornada: false,
    bandaInicioFlexibleMinutos: '',
    jornadaPromedioSemanas: '',
    jornadaPromedioDesde: null,
    jornadaPromedioHasta: null,
    derechoAlimentacionHasta: null,
    derechoAlimentacionModo: 'fin',
    metodosMarcaje: ['web'],
    inicioContrato: null,
    finContrato: null,
  };
}

export function userToForm(user: Usuario): UserFormValues {
  return {
    nombre: user.nombre,
    apellidos: user.apellidos,
    rut: user.rut,
    cargo: user.cargo ?? '',
    email: user.email,
    emailPersonal: user.emailPersonal ?? '',
    telefono: user.telefono ?? '',
    direccion: user.direccion ?? '',
    perfil: user.perfil,
    sedeId: user.sede?.id ?? null,
    grupoId: user.grupo?.id ?? null,
    jornadaExcepcionalId: user.jornadaExcepcional?.origen === 'trabajador' ? user.jornadaExcepcional.id : null,
    horasSemanales: user.horasSemanales ?? '',
    sueldoBase: user.sueldoBase ?? '',
    numeroContrato: user.numeroContrato ?? '',
    aniosReconocidosAnteriores: user.aniosReconocidosAnteriores,
    exceptuadoDescansoDominical: user.exceptuadoDescansoDominical,
    exceptuadoDescansoDominicalDesde: user.exceptuadoDescansoDominicalDesde,
    exceptuadoDescansoDominicalHasta: user.exceptuadoDescansoDominicalHasta,
    excluidoLimiteJornada: user.excluidoLimiteJornada,
    bandaInicioFlexibleMinutos: user.bandaInicioFlexibleMinutos ?? '',
    jornadaPromedioSemanas: user.jornadaPromedio ? String(user.jornadaPromedio.semanasCiclo) : '',
    jornadaPromedioDesde: user.jornadaPromedio?.desde ?? null,
    jornadaPromedioHasta: user.jornadaPromedio?.hasta ?? null,
    derechoAlimentacionHasta: user.derechoAlimentacionHasta,
    derechoAlimentacionModo: user.derechoAlimentacionModo,
    metodosMarcaje: user.metodosMarcaje,
    inicioContrato: user.inicioContrato,
    finContrato: user.finContrato,
  };
}

function numberOrUndefined(value: number | string): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const parsed = typeof value === 'number' ? value : Number(String(value).replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The form as `POST /api/v1/usuarios` takes it: '' of an optional field is null. */
export function toBody(values: UserFormValues): CrearUsuarioV1Body {
  const sueldo = numberOrUndefined(values.sueldoBase);
  // An empty field is no recognised years; anything else goes as typed, for the schema to judge.
  const anios = values.aniosReconocidosAnteriores === '' ? 0 : typeof values.aniosReconocidosAnteriores === 'number' ? values.aniosReconocidosAnteriores : Number(values.aniosReconocidosAnteriores);
  return {
    nombre: values.nombre,
    apellidos: values.apellidos,
    rut: values.rut,
    cargo: values.cargo.trim() || null,
    email: values.email,
    emailPersonal: values.emailPersonal.trim() || null,
    telefono: values.telefono.trim() || null,
    direccion: values.direccion.trim() || null,
    perfil: values.perfil,
    sedeId: values.sedeId || null,
    grupoId: values.grupoId || null,
    jornadaExcepcionalId: values.jornadaExcepcionalId || null,
    horasSemanales: numberOrUndefined(values.horasSemanales) as number,
    sueldoBase: sueldo === undefined ? null : sueldo,
    numeroContrato: values.numeroContrato.trim() || null,
    aniosReconocidosAnteriores: anios,
    exceptuadoDescansoDominical: values.exceptuadoDescansoDominical,
    // Not excepted: no dates to keep.
    exceptuadoDescansoDominicalDesde: values.exceptuadoDescansoDominical ? (values.exceptuadoDescansoDominicalDesde ?? null) : null,
    exceptuadoDescansoDominicalHasta: values.exceptuadoDescansoDominical ? (values.exceptuadoDescansoDominicalHasta ?? null) : null,
    excluidoLimiteJornada: values.excluidoLimiteJornada,
    // An empty band is none; anything else goes as typed, for the schema to judge (0 to 120 minutes).
    bandaInicioFlexibleMinutos: numberOrUndefined(values.bandaInicioFlexibleMinutos) ?? null,
    // No cycle chosen is no pact; its dates are then left aside.
    jornadaPromedio: values.jornadaPromedioSemanas
      ? { semanasCiclo: Number(values.jornadaPromedioSemanas), desde: values.jornadaPromedioDesde ?? '', hasta: values.jornadaPromedioHasta ?? null }
      : null,
    derechoAlimentacionHasta: values.derechoAlimentacionHasta ?? null,
    derechoAlimentacionModo: values.derechoAlimentacionModo,
    metodosMarcaje: values.metodosMarcaje,
    inicioContrato: values.inicioContrato ?? '',
    finContrato: values.finContrato ?? null,
  };
}

/** Messages clearer than the schema's for what a person sees (dates are typed as dd-mm-aaaa). */
function friendlier(values: UserFormValues, errors: FieldErrors<UserFormValues>): FieldErrors<UserFormValues> {
  if (errors.inicioContrato && !values.inicioContrato) errors.inicioContrato.message = 'Ingresa la fecha de inicio de contrato.';
  // The pact is one object in the body and three fields in the form: each message goes to its field.
  const pact = (errors as Record<string, unknown>).jornadaPromedio as (Record<string, { message?: string } | undefined> & { message?: string }) | undefined;
  if (pact) {
    delete (errors as Record<string, unknown>).jornadaPromedio;
    const semanas = pact.semanasCiclo?.message ?? pact.message;
    if (semanas) errors.jornadaPromedioSemanas = { type: 'validate', message: semanas };
    if (pact.desde?.message) errors.jornadaPromedioDesde = { type: 'validate', message: pact.desde.message };
    if (pact.hasta?.message) errors.jornadaPromedioHasta = { type: 'validate', message: pact.hasta.message };
  }
  return errors;
}

function makeResolver(schema: typeof crearUsuarioV1BodySchema | typeof actualizarUsuarioBodySchema): Resolver<UserFormValues> {
  const zod = zodResolver(schema);
  return async (values, context, options) => {
    const result = await zod(toBody(values) as never, context, options as never);
    const errors = friendlier(values, result.errors as FieldErrors<UserFormValues>);
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** Client validation with the contracts' schemas (the server checks again, plus RUT uniqueness and the legal hours). */
export const createUserResolver = makeResolver(crearUsuarioV1BodySchema);
export const updateUserResolver = makeResolver(actualizarUsuarioBodySchema);

