import { isoWeekday } from '@jornada/domain';
import { z } from 'zod';
import {
  emailSchema,
  requiredDateSchema,
  nullableDate,
  nullableEmail,
  nullableText,
  perfilSchema,
  refSchema,
  requiredText,
  rutSchema,
  uuidSchema,
} from './common';
import { cargaMasivaResultadoSchema } from './bulk-upload';
import { pageSchema, paginationQuerySchema, queryBooleanSchema, sortOrderSchema } from './pagination';

/** How a user may mark attendance (DT Res. Ex. 38: at least one non-biometric method must exist). */
export const METODOS_MARCAJE = ['web', 'huella', 'kiosco_pin', 'reloj'] as const;
export const metodoMarcajeSchema = z.enum(METODOS_MARCAJE, { error: 'Método de marcaje desconocido.' });
export type MetodoMarcaje = z.infer<typeof metodoMarcajeSchema>;
export const METODO_MARCAJE_LABELS: Record<MetodoMarcaje, string> = {
  web: 'Web',
  huella: 'Huella',
  kiosco_pin: 'Kiosco con PIN',
  reloj: 'Reloj control',
};

/** A user's invitation link (set the first password) lasts 72 hours. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * Invitation e-mails one company sends per Chilean day; the rest wait, oldest first, for the next
 * days. A company whose e-mail is not confirmed sends none: its invitations wait for the confirmation.
 */
export const INVITACIONES_POR_DIA = 200;

const metodosMarcajeSchema = z
  .array(metodoMarcajeSchema)
  .min(1, { message: 'Elige al menos un método de marcaje.' })
  .max(METODOS_MARCAJE.length)
  .transform((list) => [...new Set(list)]);

/** Agreed weekly hours: half hours allowed (part time), never above the legal limit (checked by the server by date). */
const horasSemanalesSchema = z
  .number({ error: 'Ingresa las horas semanales pactadas.' })
  .positive({ message: 'Las horas semanales deben ser mayores que cero.' })
  .max(45, { message: 'Las horas semanales no pueden superar 45.' })
  .multipleOf(0.5, { message: 'Las horas semanales van en horas o medias horas.' });

/** Monthly base salary in whole Chilean pesos. */
const sueldoBaseSchema = z
  .number({ error: 'El sueldo base debe ser un número.' })
  .int({ message: 'El sueldo base va en pesos, sin decimales.' })
  .min(0, { message: 'El sueldo base no puede ser negativo.' })
  .max(1_000_000_000, { message: 'El sueldo base es demasiado alto.' });

/**
 * Years worked for previous employers that the worker proves with a certificate, for the progressive
 * vacation days (art. 68 of the Código del Trabajo). Any figure from 0 to 60 is recorded; only 10 count.
 */
export const ANIOS_RECONOCIDOS_MAX = 60;
const aniosReconocidosAnterioresSchema = z
  .number({ error: 'Los años trabajados con empleadores anteriores deben ser un número.' })
  .int({ message: 'Los años trabajados con empleadores anteriores van sin decimales.' })
  .min(0, { message: 'Los años trabajados con empleadores anteriores no pueden ser negativos.' })
  .max(ANIOS_RECONOCIDOS_MAX, { message: `Los años trabajados con empleadores anteriores no pueden superar ${ANIOS_RECONOCIDOS_MAX}.` });
const exceptuadoDescansoDominicalSchema = z.boolean({ error: 'Indica si el trabajador está exceptuado del descanso dominical.' });
const excluidoLimiteJornadaSchema = z.boolean({ error: 'Indica si el trabajador está excluido de la limitación de jornada.' });

/**
 * Art. 27 of the Código del Trabajo (replaced by Ley 21.561): parents of children up to twelve have a band
 * of two hours in total to start up to an hour earlier or later. The shift is planned at the band's
 * earliest start and this is how many minutes after it an entry is still on time (the exit moves with it).
 */
export const BANDA_INICIO_FLEXIBLE_MAX = 120;
const bandaInicioFlexibleMinutosSchema = z
  .number({ error: 'La banda de inicio flexible debe ser un número de minutos.' })
  .int({ message: 'La banda de inicio flexible va en minutos enteros.' })
  .min(0, { message: 'La banda de inicio flexible no puede ser negativa.' })
  .max(BANDA_INICIO_FLEXIBLE_MAX, { message: `La banda de inicio flexible no puede superar ${BANDA_INICIO_FLEXIBLE_MAX} minutos (art. 27: dos horas en total).` });

/** How the feeding hour of art. 206 is taken: entering later, leaving earlier, or half an hour at each end. */
export const MODOS_DERECHO_ALIMENTACION = ['inicio', 'fin', 'dividido'] as const;
const derechoAlimentacionModoSchema = z.enum(MODOS_DERECHO_ALIMENTACION, {
  error: 'El modo del derecho a alimentación debe ser inicio, fin o dividido.',
});
export type ModoDerechoAlimentacion = (typeof MODOS_DERECHO_ALIMENTACION)[number];
export const MODO_DERECHO_ALIMENTACION_LABELS: Record<ModoDerechoAlimentacion, string> = {
  inicio: 'Al inicio de la jornada (entra una hora después)',
  fin: 'Al final de la jornada (sale una hora antes)',
  dividido: 'Dividida (media hora al inicio y media al final)',
};

/**
 * Averaged distribution of the ordinary hours (art. 22 bis, Ley 21.561): the weekly limit is an average over
 * cycles of up to four weeks. The pact starts on a Monday (its first cycle starts then) and ends on a Sunday,
 * so cycles are whole Monday-to-Sunday weeks.
 */
export const JORNADA_PROMEDIO_SEMANAS_MIN = 2;
export const JORNADA_PROMEDIO_SEMANAS_MAX = 4;
const jornadaPromedioShape = z
  .object({
    semanasCiclo: z
      .number({ error: 'Indica cuántas semanas tiene el ciclo de la jornada promedio.' })
      .int({ message: 'El ciclo de la jornada promedio va en semanas enteras.' })
      .min(JORNADA_PROMEDIO_SEMANAS_MIN, { message: 'El ciclo de la jornada promedio dura de 2 a 4 semanas (art. 22 bis).' })
      .max(JORNADA_PROMEDIO_SEMANAS_MAX, { message: 'El ciclo de la jornada promedio dura de 2 a 4 semanas (art. 22 bis).' }),
    desde: requiredDateSchema('Ingresa el día en que empieza el pacto de jornada promedio.'),
    hasta: nullableDate,
  }, { error: 'El pacto de jornada promedio no es válido.' })
  .superRefine((p, ctx) => {
    // Zod runs this refinement even when a date failed its own check: such a date has no weekday, and its error is already said.
    const weekdayOf = (date: string | null | undefined): number | null => {
      try {
        return date ? isoWeekday(date) : null;
      } catch {
        return null;
      }
    };
    const desde = weekdayOf(p.desde);
    if (desde === null) return;
    if (desde !== 1) ctx.addIssue({ code: 'custom', path: ['desde'], message: 'El pacto de jornada promedio empieza un lunes: su primer ciclo parte ese día.' });
    if (p.hasta && p.hasta < p.desde) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'El fin del pacto de jornada promedio no puede ser anterior a su inicio.' });
    else if (p.hasta && weekdayOf(p.hasta) !== null && weekdayOf(p.hasta) !== 7) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'El pacto de jornada promedio termina un domingo, al cerrar una semana.' });
  });
/** The pact as sent and shown; null: none, each week is judged alone. */
const jornadaPromedioSchema = jornadaPromedioShape.nullable();
export type JornadaPromedio = z.output<typeof jornadaPromedioShape>;

/** Where a worker's exceptional schedule comes from: their own assignment or their group's resolution. */
const ORIGENES_JORNADA_EXCEPCIONAL = ['trabajador', 'grupo'] as const;
export type OrigenJornadaExcepcional = (typeof ORIGENES_JORNADA_EXCEPCIONAL)[number];
const jornadaExcepcionalEnVigorSchema = refSchema.extend({ origen: z.enum(ORIGENES_JORNADA_EXCEPCIONAL) });
export type JornadaExcepcionalEnVigor = z.infer<typeof jornadaExcepcionalEnVigorSchema>;

/** A user as listed and shown. RUT with dots (`12.345.678-5`); dates `aaaa-mm-dd`; instants ISO. */
export const usuarioSchema = z.object({
  id: z.string(),
  rut: z.string(),
  nombre: z.string(),
  apellidos: z.string(),
  cargo: z.string().nullable(),
  perfil: perfilSchema,
  /** The administrator created at onboarding: cannot be deactivated nor lose the perfil. */
  principal: z.boolean(),
  email: z.string(),
  emailPersonal: z.string().nullable(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  sede: refSchema.nullable(),
  grupo: refSchema.nullable(),
  /**
   * The exceptional distribution system (art. 38 inc. final) the worker is under, named «7x7 · <resolución>»: their own
   * (`origen: 'trabajador'`), else their group's (`origen: 'grupo'`); null: the ordinary limits.
   */
  jornadaExcepcional: jornadaExcepcionalEnVigorSchema.nullable(),
  /** Groups this user leads (supervisors and administrators). */
  gruposLiderados: z.array(refSchema),
  horasSemanales: z.number().nullable(),
  sueldoBase: z.number().int().nullable(),
  /** Contract number for payroll imports; null: the worker's first contract (exported as 1). */
  numeroContrato: z.string().nullable(),
  /** Years with previous employers recognised for the progressive vacation days (art. 68; only 10 count). */
  aniosReconocidosAnteriores: z.number().int(),
  /** Excepted from Sunday and holiday rest (art. 38: commerce, continuous processes, services to the public): holiday shifts are ordinary time, Sunday ordinary hours carry the surcharge. */
  exceptuadoDescansoDominical: z.boolean(),
  /** First and last day (inclusive) the art. 38 exception is in force; null: from the contract's start, or to its end. */
  exceptuadoDescansoDominicalDesde: z.string().nullable(),
  exceptuadoDescansoDominicalHasta: z.string().nullable(),
  /**
   * Excluded from the limitation of the working day (art. 22 inc. 2: managers, administrators, attorneys with
   * administrative powers, those who work without immediate supervision): no ordinary-hours limit, no lateness,
   * no overtime, a planned day without marks is no absence; marks are still recorded and reported.
   */
  excluidoLimiteJornada: z.boolean(),
  /** Flexible start band in minutes after the planned start (art. 27, Ley 21.561); null: none. */
  bandaInicioFlexibleMinutos: z.number().int().nullable(),
  /** Averaged distribution pact (art. 22 bis): cycles of 2 to 4 weeks from `desde` (a Monday) to `hasta` (a Sunday, null: open); null: none. */
  jornadaPromedio: z.object({ semanasCiclo: z.number().int(), desde: z.string(), hasta: z.string().nullable() }).nullable(),
  /** The child's second birthday: until the day before, the feeding hour of art. 206 counts as worked time; null: none. */
  derechoAlimentacionHasta: z.string().nullable(),
  /** How the feeding hour is taken: at the start, at the end or split. */
  derechoAlimentacionModo: derechoAlimentacionModoSchema,
  metodosMarcaje: z.array(metodoMarcajeSchema),
  inicioContrato: z.string(),
  finContrato: z.string().nullable(),
  /** False after a finiquito (deactivation) or once the last day of the contract has passed. */
  activo: z.boolean(),
  /** When and why the user was deactivated (finiquito), if they were. */
  desactivadoEn: z.string().nullable(),
  motivoDesactivacion: z.string().nullable(),
  /** Whether the user has set a password (the invitation link was used). */
  claveDefinida: z.boolean(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
});
export type Usuario = z.infer<typeof usuarioSchema>;

/** A short form of a user for member and leader lists. */
export const usuarioResumenSchema = z.object({
  id: z.string(),
  rut: z.string(),
  nombre: z.string(),
  apellidos: z.string(),
  cargo: z.string().nullable(),
  perfil: perfilSchema,
  activo: z.boolean(),
});
export type UsuarioResumen = z.infer<typeof usuarioResumenSchema>;

const USUARIOS_SORT = ['apellidos', 'nombre', 'rut', 'cargo', 'perfil', 'inicioContrato', 'creadoEn'] as const;

const usuariosFilterShape = {
  /** Searches nombre, apellidos, cargo and the RUT in any format (with or without dots or dash). */
  q: z.string().trim().max(100).optional(),
  grupoId: z.string().trim().max(100).optional(),
  sedeId: z.string().trim().max(100).optional(),
  perfil: perfilSchema.optional(),
  activo: queryBooleanSchema.optional(),
  sort: z.enum(USUARIOS_SORT, { error: 'Orden desconocido.' }).default('apellidos'),
  order: sortOrderSchema,
};

/** GET /api/v1/usuarios */
export const usuariosQuerySchema = paginationQuerySchema.extend(usuariosFilterShape);
export const usuariosPageSchema = pageSchema(usuarioSchema);
export type UsuariosPage = z.infer<typeof usuariosPageSchema>;

/** GET /api/v1/usuarios/exportar: the same filters, every match, as an xlsx file. */
export const exportarUsuariosQuerySchema = z.object(usuariosFilterShape);

/** The art. 38 exception's last day may not come before its first (either may be open). */
export const exceptionDatesInOrder = (desde: string | null | undefined, hasta: string | null | undefined): boolean => !desde || !hasta || hasta >= desde;
/** The Spanish error of exception dates out of order, shown on the last day's field. */
export const EXCEPTION_DATES_ORDER_MESSAGE = 'El término de la excepción del descanso dominical no puede ser anterior a su inicio.';
// A fresh object each time: zod takes over the params it is given.
const exceptionDatesOrder = () => ({ path: ['exceptuadoDescansoDominicalHasta'], message: EXCEPTION_DATES_ORDER_MESSAGE });

/** POST /api/v1/usuarios: no password; the user receives an e-mail to set it (72 hours). */
export const crearUsuarioV1BodySchema = z
  .object({
    nombre: requiredText('El nombre'),
    apellidos: requiredText('Los apellidos'),
    cargo: nullableText(),
    rut: rutSchema,
    email: emailSchema(),
    emailPersonal: nullableEmail,
    direccion: nullableText(300),
    telefono: nullableText(40),
    perfil: perfilSchema.default('trabajador'),
    sedeId: uuidSchema('La sede no es válida.').nullable().optional(),
    grupoId: uuidSchema('El grupo no es válido.').nullable().optional(),
    jornadaExcepcionalId: uuidSchema('La jornada excepcional no existe.').nullable().optional(),
    horasSemanales: horasSemanalesSchema,
    sueldoBase: sueldoBaseSchema.nullable().optional(),
    numeroContrato: nullableText(40),
    aniosReconocidosAnteriores: aniosReconocidosAnterioresSchema.default(0),
    exceptuadoDescansoDominical: exceptuadoDescansoDominicalSchema.default(false),
    exceptuadoDescansoDominicalDesde: nullableDate,
    exceptuadoDescansoDominicalHasta: nullableDate,
    excluidoLimiteJornada: excluidoLimiteJornadaSchema.default(false),
    bandaInicioFlexibleMinutos: bandaInicioFlexibleMinutosSchema.nullable().optional(),
    jornadaPromedio: jornadaPromedioSchema.optional(),
    derechoAlimentacionHasta: nullableDate,
    derechoAlimentacionModo: derechoAlimentacionModoSchema.default('fin'),
    metodosMarcaje: metodosMarcajeSchema.default(['web']),
    inicioContrato: requiredDateSchema('Ingresa la fecha de inicio de contrato.'),
    finContrato: nullableDate,
  })
  .refine((u) => !u.finContrato || u.finContrato >= u.inicioContrato, {
    path: ['finContrato'],
    message: 'El fin de contrato no puede ser anterior al inicio.',
  })
  .refine((u) => exceptionDatesInOrder(u.exceptuadoDescansoDominicalDesde, u.exceptuadoDescansoDominicalHasta), exceptionDatesOrder());
export type CrearUsuarioV1Body = z.input<typeof crearUsuarioV1BodySchema>;

/**
 * What happened to the invitations of the users just created: `enviadas` went out now, `pendientes`
 * wait (the daily maximum, INVITACIONES_POR_DIA, or the company's e-mail not yet confirmed); `mensaje`
 * says which, in Spanish, ready to show.
 */
export const envioInvitacionesSchema = z.object({
  enviadas: z.number().int(),
  pendientes: z.number().int(),
  mensaje: z.string(),
});
export type EnvioInvitaciones = z.infer<typeof envioInvitacionesSchema>;

/** The answer of POST /api/v1/usuarios: the user, and whether their invitation went out or waits. */
export const usuarioCreadoSchema = usuarioSchema.extend({ invitaciones: envioInvitacionesSchema });
export type UsuarioCreado = z.infer<typeof usuarioCreadoSchema>;

/** The answer of the users' bulk upload; a commit that created users says what happened to their invitations. */
export const cargaUsuariosResultadoSchema = cargaMasivaResultadoSchema.extend({ invitaciones: envioInvitacionesSchema.optional() });
export type CargaUsuariosResultado = z.infer<typeof cargaUsuariosResultadoSchema>;

/** GET /api/v1/usuarios/invitaciones: the company's invitations waiting to go out, and why. */
export const estadoInvitacionesSchema = z.object({
  /** Invitations created and not yet sent. */
  pendientes: z.number().int(),
  /** Invitations sent today (Chilean day), against `maximoDiario`. */
  enviadasHoy: z.number().int(),
  maximoDiario: z.number().int(),
  /** The company's e-mail address (null: it has none); invitations go out only once it is confirmed. */
  correoEmpresa: z.string().nullable(),
  correoConfirmado: z.boolean(),
});
export type EstadoInvitaciones = z.infer<typeof estadoInvitacionesSchema>;

/** PATCH /api/v1/usuarios/:id: only the fields sent change; `null` clears an optional one. */
export const actualizarUsuarioBodySchema = z
  .object({
    nombre: requiredText('El nombre').optional(),
    apellidos: requiredText('Los apellidos').optional(),
    cargo: nullableText(),
    rut: rutSchema.optional(),
    email: emailSchema().optional(),
    /**
     * The caller's own password, required to change an administrator's e-mail or RUT (only that
     * administrator may): they are how the account is recovered and signed into.
     */
    passwordActual: z.string().max(200).optional(),
    emailPersonal: nullableEmail,
    direccion: nullableText(300),
    telefono: nullableText(40),
    perfil: perfilSchema.optional(),
    sedeId: uuidSchema('La sede no es válida.').nullable().optional(),
    grupoId: uuidSchema('El grupo no es válido.').nullable().optional(),
    jornadaExcepcionalId: uuidSchema('La jornada excepcional no existe.').nullable().optional(),
    horasSemanales: horasSemanalesSchema.optional(),
    sueldoBase: sueldoBaseSchema.nullable().optional(),
    numeroContrato: nullableText(40),
    aniosReconocidosAnteriores: aniosReconocidosAnterioresSchema.optional(),
    exceptuadoDescansoDominical: exceptuadoDescansoDominicalSchema.optional(),
    exceptuadoDescansoDominicalDesde: nullableDate,
    exceptuadoDescansoDominicalHasta: nullableDate,
    excluidoLimiteJornada: excluidoLimiteJornadaSchema.optional(),
    bandaInicioFlexibleMinutos: bandaInicioFlexibleMinutosSchema.nullable().optional(),
    jornadaPromedio: jornadaPromedioSchema.optional(),
    derechoAlimentacionHasta: nullableDate,
    derechoAlimentacionModo: derechoAlimentacionModoSchema.optional(),
    metodosMarcaje: metodosMarcajeSchema.optional(),
    inicioContrato: requiredDateSchema('Ingresa la fecha de inicio de contrato.').optional(),
    finContrato: nullableDate,
  })
  .refine((u) => !u.finContrato || !u.inicioContrato || u.finContrato >= u.inicioContrato, {
    path: ['finContrato'],
    message: 'El fin de contrato no puede ser anterior al inicio.',
  })
  .refine((u) => exceptionDatesInOrder(u.exceptuadoDescansoDominicalDesde, u.exceptuadoDescansoDominicalHasta), exceptionDatesOrder());
export type ActualizarUsuarioBody = z.input<typeof actualizarUsuarioBodySchema>;

/**
 * What of the principal administrator's record only the principal changes: identity (name, RUT), the
 * e-mails that recover the account, and the contract and its terms. Another administrator ending or
 * moving the contract, or redirecting the e-mail, would lock the principal out for good (the principal
 * cannot be deactivated nor demoted). The API refuses such an edit with 403; the form shows them read-only.
 */
export const PRINCIPAL_OWN_FIELDS = [
  'nombre',
  'apellidos',
  'rut',
  'email',
  'emailPersonal',
  'inicioContrato',
  'finContrato',
  'horasSemanales',
  'sueldoBase',
  'numeroContrato',
  'aniosReconocidosAnteriores',
  'exceptuadoDescansoDominical',
  'exceptuadoDescansoDominicalDesde',
  'exceptuadoDescansoDominicalHasta',
  'excluidoLimiteJornada',
  'jornadaExcepcionalId',
  'bandaInicioFlexibleMinutos',
  'jornadaPromedio',
  'derechoAlimentacionHasta',
  'derechoAlimentacionModo',
  'metodosMarcaje',
] as const satisfies readonly (keyof ActualizarUsuarioBody)[];

/**
 * POST /api/v1/usuarios/:id/transferir-principal: the principal administrator hands the role to another
 * active administrator, re-entering their own password (the service says so in Spanish when it is missing).
 */
export const transferirPrincipalBodySchema = z.object({
  passwordActual: z.string().max(200).optional(),
});
export type TransferirPrincipalBody = z.input<typeof transferirPrincipalBodySchema>;

/** POST /api/v1/usuarios/:id/desactivar: finiquito with the last day worked (not after today). */
export const desactivarUsuarioBodySchema = z.object({
  finContrato: requiredDateSchema('Ingresa el último día trabajado.'),
  motivo: nullableText(500),
});
export type DesactivarUsuarioBody = z.input<typeof desactivarUsuarioBodySchema>;

/** POST /api/v1/usuarios/:id/reactivar: a new (or no) end date, not in the past. */
export const reactivarUsuarioBodySchema = z.object({
  finContrato: nullableDate,
});
export type ReactivarUsuarioBody = z.input<typeof reactivarUsuarioBodySchema>;
