import { ACCESS, ANIOS_RECONOCIDOS_MAX, BANDA_INICIO_FLEXIBLE_MAX, METODOS_MARCAJE, MODOS_DERECHO_ALIMENTACION, PERFILES, type CargaMasivaResultado, type CargaUsuariosResultado, type FilaCarga, type FilaError, type MetodoMarcaje, type Perfil } from '@jornada/contracts';
import { formatRut, weeklyHoursLimit, WEEKLY_LIMIT_TABLE } from '@jornada/domain';
import { analyzeAfterBulkLoad, type Db } from '../../db/client';
import { requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { slicer } from '../../lib/slices';
import { col, parseTable, readSpreadsheet, simplify, storableCells, summarize, templateCsv, templateXlsx, INSTRUCTIONS_SHEET, type RowOf, type UploadedFile } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import * as repo from './users.repository';
import { principalOwnChanges, PRINCIPAL_OWN_DATA, removesAccess, weeklyHoursProblem } from './users.rules';
import { LEADER_PERFILES, type UsersService } from './users.service';
import type { UserSessionsPort } from '../auth/index';


/** The columns of the users template, in template order. */
const COLUMNS = {
  rut: col.rut({ header: 'RUT', aliases: ['Rut trabajador', 'RUN'], required: true, description: 'RUT con o sin puntos, con guion y dígito verificador. Identifica al usuario: si ya existe en la empresa, se actualizan sus datos.', example: '12.345.678-5' }),
  nombre: col.text({ header: 'Nombre', aliases: ['Nombres'], required: true, max: 200, description: 'Nombres.', example: 'María José' }),
  apellidos: col.text({ header: 'Apellidos', required: true, max: 200, description: 'Apellidos paterno y materno.', example: 'González Muñoz' }),
  email: col.email({ header: 'Correo', aliases: ['Email', 'Correo electrónico', 'E-mail', 'Correo laboral'], required: true, description: 'Correo laboral. Los usuarios nuevos reciben aquí el enlace para elegir su contraseña.', example: 'maria.gonzalez@empresa.cl' }),
  emailPersonal: col.email({ header: 'Correo personal', aliases: ['Email personal'], required: false, description: 'Correo personal para los comprobantes de marcaje (opcional).', example: 'mariajose@gmail.com' }),
  cargo: col.text({ header: 'Cargo', required: false, max: 200, description: 'Cargo o puesto de trabajo.', example: 'Vendedora' }),
  perfil: col.oneOf({ header: 'Perfil', aliases: ['Rol'], required: false, values: PERFILES, description: 'administrador, supervisor, trabajador o fiscalizador. Vacío: trabajador para usuarios nuevos; sin cambio para los existentes.', example: 'trabajador' }),
  sede: col.text({ header: 'Sede', aliases: ['Sucursal', 'Lugar de trabajo'], required: false, description: 'Nombre exacto de una sede ya creada (opcional).', example: 'Casa Matriz' }),
  grupo: col.text({ header: 'Grupo', required: false, description: 'Nombre exacto de un grupo ya creado (opcional). Un usuario pertenece a un solo grupo.', example: 'Ventas mañana' }),
  horasSemanales: col.decimal({ header: 'Horas semanales', aliases: ['Jornada semanal', 'Horas'], required: true, min: 0.5, max: 45, step: 0.5, description: `Horas ordinarias pactadas por semana (jornada parcial permitida). No pueden superar el máximo legal vigente (Ley 21.561: ${WEEKLY_LIMIT_TABLE.map((step, i) => `${step.hours}${i === 0 ? ' horas' : ''} desde el ${step.from.split('-').reverse().join('-')}`).join('; ')}).`, example: 42 }),
  sueldoBase: col.integer({ header: 'Sueldo base', aliases: ['Sueldo'], required: false, min: 0, max: 1_000_000_000, description: 'Sueldo base mensual en pesos, sin puntos ni decimales (opcional).', example: 650000 }),
  metodosMarcaje: col.listOf({
    header: 'Métodos de marcaje',
    aliases: ['Metodos', 'Marcaje'],
    required: false,
    values: METODOS_MARCAJE,
    synonyms: { kiosco_pin: ['kiosco', 'pin', 'kiosco pin'], reloj: ['reloj control'] },
    description: 'Separados por coma: web, huella, kiosco_pin, reloj. Vacío: web para usuarios nuevos; sin cambio para los existentes.',
    example: 'web, huella',
  }),
  inicioContrato: col.date({ header: 'Inicio contrato', aliases: ['Fecha inicio contrato', 'Inicio de contrato', 'Fecha de ingreso'], required: true, description: 'Fecha de inicio del contrato: dd-mm-aaaa o aaaa-mm-dd.', example: new Date(Date.UTC(2024, 2, 1)) }),
  finContrato: col.date({ header: 'Fin contrato', aliases: ['Fecha fin contrato', 'Fin de contrato', 'Término de contrato'], required: false, description: 'Último día del contrato si es a plazo fijo; vacío si es indefinido.', example: '' }),
  aniosReconocidosAnteriores: col.integer({
    header: 'Años con empleadores anteriores',
    aliases: ['Años reconocidos', 'Años empleadores anteriores', 'Años trabajados con empleadores anteriores'],
    required: false,
    min: 0,
    max: ANIOS_RECONOCIDOS_MAX,
    description: 'Años trabajados con empleadores anteriores, acreditados con certificado, para el feriado progresivo (art. 68 del Código del Trabajo): se registran de 0 a 60 y solo cuentan 10. Vacío: 0 (opcional).',
    example: 0,
  }),
  exceptuadoDescansoDominical: col.yesNo({
    header: 'Exceptuado del descanso dominical',
    aliases: ['Art. 38', 'Exceptuado descanso dominical', 'Trabaja domingos y festivos'],
    required: false,
    description: 'Sí si trabaja domingos y festivos por estar exceptuado del descanso dominical (art. 38: comercio, procesos continuos, atención al público…): dos domingos libres al mes y los feriados como días ordinarios. Vacío: No para usuarios nuevos; sin cambio para los existentes.',
    example: 'No',
  }),
  excluidoLimiteJornada: col.yesNo({
    header: 'Excluido de la limitación de jornada',
    aliases: ['Art. 22', 'Excluido limitación de jornada', 'Sin jornada'],
    required: false,
    description: 'Sí para gerentes, administradores y quienes trabajan sin fiscalización superior inmediata (art. 22 inc. 2): sin atrasos ni horas extra, sus marcas se registran igual. Vacío: No para usuarios nuevos; sin cambio para los existentes.',
    example: 'No',
  }),
  bandaInicioFlexibleMinutos: col.integer({
    header: 'Banda de inicio flexible (minutos)',
    aliases: ['Banda de inicio flexible', 'Banda flexible'],
    required: false,
    min: 0,
    max: BANDA_INICIO_FLEXIBLE_MAX,
    description: `Para madres, padres o cuidadores con derecho a la banda del art. 27 (Ley 21.561): minutos después del inicio del turno en que su entrada no es atraso, hasta ${BANDA_INICIO_FLEXIBLE_MAX}. Vacío: sin banda.`,
    example: '',
  }),
  derechoAlimentacionHasta: col.date({
    header: 'Derecho a alimentación hasta',
    aliases: ['Alimentación hasta', 'Derecho de alimentación hasta'],
    required: false,
    description: 'Último día del derecho a alimentar a un hijo menor de dos años (art. 206: una hora al día que cuenta como trabajada): dd-mm-aaaa o aaaa-mm-dd. Vacío: sin derecho.',
    example: '',
  }),
  derechoAlimentacionModo: col.oneOf({
    header: 'Modo del derecho a alimentación',
    aliases: ['Modo alimentación'],
    required: false,
    values: MODOS_DERECHO_ALIMENTACION,
    description: 'inicio (entra una hora después), fin (sale una hora antes) o dividido (media hora al inicio y media al final). Vacío: fin para usuarios nuevos; sin cambio para los existentes.',
    example: '',
  }),
  telefono: col.text({ header: 'Teléfono', aliases: ['Celular', 'Fono'], required: false, max: 40, description: 'Teléfono de contacto (opcional).', example: '+56 9 8765 4321' }),
  direccion: col.text({ header: 'Dirección', aliases: ['Domicilio'], required: false, max: 300, description: 'Dirección particular (opcional).', example: 'Los Aromos 55, Ñuñoa' }),
};
export const USER_COLUMNS = storableCells(COLUMNS);
type UserRowValues = RowOf<typeof USER_COLUMNS>;
/** A row as parsed: a cell that did not parse is null, required columns included. */
type LooseRow = { [K in keyof UserRowValues]: UserRowValues[K] | null };

const HEADERS = Object.fromEntries(Object.entries(USER_COLUMNS).map(([key, column]) => [key, column.header])) as Record<keyof typeof USER_COLUMNS, string>;

const TEMPLATE = {
  sheetName: 'Usuarios',
  columns: USER_COLUMNS,
  instructions: [
    'Carga masiva de usuarios de Jornada',
    'Completa una fila por usuario en la hoja «Usuarios», desde la fila 2. Reemplaza la fila de ejemplo.',
    'Las columnas pueden ir en cualquier orden; los encabezados deben ser los de la plantilla.',
    'Si un RUT ya existe en la empresa, la fila actualiza sus datos; si no, crea el usuario y le envía un correo para elegir su contraseña.',
    'La carga es todo o nada: si una fila tiene errores, no se guarda ninguna. Revisa la vista previa antes de confirmar.',
    'Máximo 50.000 filas y 10 MB por archivo. También puedes subir un CSV separado por punto y coma o coma, en UTF-8.',
  ],
} as const;

const simplifyName = simplify;

interface Plan {
  filas: FilaCarga[];
  errores: FilaError[];
  totalFilas: number;
  creates: repo.NewUser[];
  /** `endsAccess`: the row ends the contract (today or before) or changes the perfil; the user's sessions end with the commit. */
  updates: { id: string; values: Partial<repo.NewUser>; endsAccess: boolean }[];
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function createUsersBulk(db: Db, users: UsersService, sessions: UserSessionsPort) {
  async function plan(session: RequestSession, file: UploadedFile, now: Date): Promise<Plan> {
    const sheet = await readSpreadsheet(file.buffer, { skipSheets: [INSTRUCTIONS_SHEET], companyId: session.companyId });
    const table = await parseTable(sheet, USER_COLUMNS);
    const errores: FilaError[] = [...table.errors];
    const filas: FilaCarga[] = [];
    const today = localDate(now);
    const companyId = session.companyId;

    const [sites, groups] = await Promise.all([repo.companySites(db, companyId), repo.companyGroups(db, companyId)]);
    const siteByName = new Map(sites.map((s) => [simplifyName(s.nombre), s.id]));
    const groupByName = new Map(groups.map((g) => [simplifyName(g.nombre), g.id]));
    // Every row, also those with a cell that did not parse: the rest of such a row is checked too, so one
    // preview lists every error of every row. A check that needs a cell that did not parse is skipped
    // (that cell's error is already listed); its value is null in `values`.
    const noBadColumns = new Set<keyof typeof USER_COLUMNS>();
    const allRows = [...table.rows.map((row) => ({ ...row, badColumns: noBadColumns })), ...table.partialRows].sort((a, b) => a.fila - b.fila);
    const ruts = allRows.map((row) => (row.values as LooseRow).rut).filter((rut): rut is string => rut !== null);
    // Only this company's users: a RUT that also works for another company is simply new here.
    const existing = new Map((await repo.usersByRut(db, companyId, ruts)).map((u) => [u.rut, u]));
    const leaders = await repo.ledGroupsByUser(db, companyId, [...existing.values()].map((u) => u.id));
    const firstRow = new Map<string, number>();

    const creates: repo.NewUser[] = [];
    const updates: Plan['updates'] = [];
    // In slices: 50,000 rows take seconds, and the event loop serves every company meanwhile.
    const pause = slicer();
    for (const { fila, values, badColumns } of allRows) {
      await pause();
      const v = values as LooseRow;
      const parsed = (column: keyof typeof USER_COLUMNS) => !badColumns.has(column);
      const rowErrors: FilaError[] = [];
      const fail = (column: keyof typeof USER_COLUMNS | null, mensaje: string) =>
        rowErrors.push({ fila, columna: column ? HEADERS[column] : null, mensaje });
      if (v.rut !== null) {
        const seen = firstRow.get(v.rut);
        if (seen !== undefined) fail('rut', `El RUT se repite: ya aparece en la fila ${seen}.`);
        else firstRow.set(v.rut, fila);
      }
      const siteId = v.sede === null ? null : (siteByName.get(simplifyName(v.sede)) ?? undefined);
      if (siteId === undefined) fail('sede', `No existe una sede llamada «${v.sede}».`);
      const groupId = v.grupo === null ? null : (groupByName.get(simplifyName(v.grupo)) ?? undefined);
      if (groupId === undefined) fail('grupo', `No existe un grupo llamado «${v.grupo}».`);
      if (v.finContrato !== null && v.inicioContrato !== null && v.finContrato < v.inicioContrato) {
        fail('finContrato', 'El fin de contrato no puede ser anterior al inicio.');
      }
      // An empty Fin contrato is an open-ended contract; one that did not parse leaves the limit unknown.
      if (v.horasSemanales !== null && v.inicioContrato !== null && parsed('finContrato')) {
        const hoursProblem = weeklyHoursProblem(v.horasSemanales, v.inicioContrato, v.finContrato, today);
        if (hoursProblem) fail('horasSemanales', hoursProblem);
      }

      const current = v.rut === null ? undefined : existing.get(v.rut);
      const descripcion = [v.nombre, v.apellidos].filter((part) => part !== null).join(' ');
      const clave = v.rut === null ? '' : (formatRut(v.rut) ?? v.rut);
      if (current && v.perfil !== null && v.perfil !== current.perfil) {
        if (current.principal) fail('perfil', 'El administrador principal no puede cambiar de perfil.');
        else if (current.id === session.userId) fail('perfil', 'No puedes cambiar tu propio perfil.');
        else if (!LEADER_PERFILES.includes(v.perfil) && (leaders.get(current.id)?.length ?? 0) > 0) {
          fail('perfil', 'El usuario lidera grupos; quítalo como líder antes de cambiar su perfil.');
        }
      }
      // A cell that did not parse changes nothing here: diff() reads only the columns that did.
      const hasColumn = (key: keyof typeof USER_COLUMNS) => table.present.has(key) && parsed(key);
      const changes = current ? diff(current, values, { siteId: siteId ?? null, groupId: groupId ?? null }, hasColumn) : null;
      if (current && changes) {
        // The same rules as the edit form: the principal's identity, contract and e-mail are theirs alone,
        // and an administrator's e-mail changes only from their own record, with their password.
        const principalOwn = current.principal && current.id !== session.userId ? principalOwnChanges(current, changes.values) : [];
        if (principalOwn.length > 0) {
          const column = principalOwn.find((field) => field in USER_COLUMNS) as keyof typeof USER_COLUMNS | undefined;
          fail(column ?? null, PRINCIPAL_OWN_DATA);
        } else if (current.perfil === 'administrador' && changes.values.email !== undefined) {
          fail('email', 'El correo de un administrador solo lo cambia él mismo, desde su ficha y con su contraseña.');
        }
      }
      if (rowErrors.length > 0 || badColumns.size > 0) {
        errores.push(...rowErrors);
        filas.push({ fila, accion: 'error', clave, descripcion, cambios: [] });
        continue;
      }
      if (!current || !changes) {
        creates.push(newUserValues(companyId, values, siteId ?? null, groupId ?? null, now));
        filas.push({ fila, accion: 'crear', clave, descripcion, cambios: [] });
        continue;
      }
      if (changes.names.length === 0) {
        filas.push({ fila, accion: 'sin_cambios', clave, descripcion, cambios: [] });
      } else {
        updates.push({ id: current.id, values: { ...changes.values, updatedAt: now }, endsAccess: removesAccess(current, changes.values, today) });
        filas.push({ fila, accion: 'actualizar', clave, descripcion, cambios: changes.names });
      }
    }
    return { filas, errores, totalFilas: table.totalRows, creates, updates };
  }

  return {
    /** The template, its example row valid on the day it is downloaded (the weekly hours are the limit in force). */
    template(format: 'xlsx' | 'csv', now: Date): Promise<Buffer> | Buffer {
      const horasSemanales = { ...USER_COLUMNS.horasSemanales, example: weeklyHoursLimit(localDate(now)) };
      const spec = { ...TEMPLATE, columns: { ...USER_COLUMNS, horasSemanales } };
      return format === 'xlsx' ? templateXlsx(spec) : Buffer.from(templateCsv(spec), 'utf8');
    },

    async preview(session: RequestSession, file: UploadedFile, now: Date): Promise<CargaMasivaResultado> {
      requirePerfil(session, ...ACCESS.usersManage);
      const result = await plan(session, file, now);
      return summarize({ archivo: file.filename, ...result, aplicado: false });
    },

    /** All or nothing: with any row error nothing is written; otherwise one transaction creates and updates every row. */
    async commit(session: RequestSession, file: UploadedFile, now: Date): Promise<CargaUsuariosResultado> {
      requirePerfil(session, ...ACCESS.usersManage);
      const result = await plan(session, file, now);
      if (result.errores.length > 0) return summarize({ archivo: file.filename, ...result, aplicado: false });
      const invitations = await users.insert(() =>
        db.transaction(async (tx) => {
          const inserted = await repo.insertUsersWithLogins(tx, result.creates);
          // Rows are matched by RUT, so an upload never changes one: the sign-in look-up stays as it is.
          for (const update of result.updates) {
            await repo.updateUser(tx, session.companyId, update.id, update.values);
            if (update.endsAccess) await sessions.revokeAll(tx, session.companyId, update.id, now);
          }
          return users.createInvitations(
            tx,
            session.companyId,
            inserted.map((row) => row.id),
            now,
          );
        }),
      );
      const invitaciones = await users.sendInvitations(invitations, now);
      await analyzeAfterBulkLoad(db, ['users', 'logins'], result.creates.length + result.updates.length);
      return { ...summarize({ archivo: file.filename, ...result, aplicado: true }), ...(result.creates.length > 0 ? { invitaciones } : {}) };
    },
  };
}

function newUserValues(companyId: string, v: UserRowValues, siteId: string | null, groupId: string | null, now: Date): repo.NewUser {
  return {
    companyId,
    rut: v.rut,
    nombre: v.nombre,
    apellidos: v.apellidos,
    cargo: v.cargo,
    email: v.email,
    emailPersonal: v.emailPersonal,
    direccion: v.direccion,
    telefono: v.telefono,
    perfil: v.perfil ?? 'trabajador',
    siteId,
    groupId,
    horasSemanales: v.horasSemanales,
    sueldoBase: v.sueldoBase,
    aniosReconocidosAnteriores: v.aniosReconocidosAnteriores ?? 0,
    exceptuadoDescansoDominical: v.exceptuadoDescansoDominical ?? false,
    excluidoLimiteJornada: v.excluidoLimiteJornada ?? false,
    bandaInicioFlexibleMinutos: v.bandaInicioFlexibleMinutos,
    derechoAlimentacionHasta: v.derechoAlimentacionHasta,
    derechoAlimentacionModo: v.derechoAlimentacionModo ?? 'fin',
    metodosMarcaje: v.metodosMarcaje ?? ['web'],
    inicioContrato: v.inicioContrato,
    finContrato: v.finContrato,
    passwordHash: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * What a row changes on an existing user. Only columns present in the file count; an empty cell of
 * a present optional column clears the value, except perfil and métodos (empty = unchanged).
 */
function diff(
  current: repo.UserRow,
  v: UserRowValues,
  refs: { siteId: string | null; groupId: string | null },
  hasColumn: (key: keyof typeof USER_COLUMNS) => boolean,
): { values: Partial<repo.NewUser>; names: string[] } {
  const values: Partial<repo.NewUser> = {};
  const names: string[] = [];
  const set = <K extends keyof repo.NewUser>(key: K, column: keyof typeof USER_COLUMNS, next: repo.NewUser[K], same: boolean) => {
    if (!hasColumn(column) || same) return;
    values[key] = next;
    names.push(USER_COLUMNS[column].header);
  };
  set('nombre', 'nombre', v.nombre, v.nombre === current.nombre);
  set('apellidos', 'apellidos', v.apellidos, v.apellidos === current.apellidos);
  set('email', 'email', v.email, v.email === current.email);
  set('emailPersonal', 'emailPersonal', v.emailPersonal, v.emailPersonal === current.emailPersonal);
  set('cargo', 'cargo', v.cargo, v.cargo === current.cargo);
  if (v.perfil !== null) set('perfil', 'perfil', v.perfil as Perfil, v.perfil === current.perfil);
  set('siteId', 'sede', refs.siteId, refs.siteId === current.siteId);
  set('groupId', 'grupo', refs.groupId, refs.groupId === current.groupId);
  set('horasSemanales', 'horasSemanales', v.horasSemanales, v.horasSemanales === current.horasSemanales);
  set('sueldoBase', 'sueldoBase', v.sueldoBase, v.sueldoBase === current.sueldoBase);
  if (v.metodosMarcaje !== null) {
    set('metodosMarcaje', 'metodosMarcaje', v.metodosMarcaje as MetodoMarcaje[], sameList(v.metodosMarcaje, current.metodosMarcaje));
  }
  set('inicioContrato', 'inicioContrato', v.inicioContrato, v.inicioContrato === current.inicioContrato);
  set('finContrato', 'finContrato', v.finContrato, v.finContrato === current.finContrato);
  const anios = v.aniosReconocidosAnteriores ?? 0;
  set('aniosReconocidosAnteriores', 'aniosReconocidosAnteriores', anios, anios === current.aniosReconocidosAnteriores);
  // Sí/No and the mode: an empty cell leaves what the user had (a new user gets No and «fin»).
  if (v.exceptuadoDescansoDominical !== null) {
    set('exceptuadoDescansoDominical', 'exceptuadoDescansoDominical', v.exceptuadoDescansoDominical, v.exceptuadoDescansoDominical === current.exceptuadoDescansoDominical);
  }
  if (v.excluidoLimiteJornada !== null) set('excluidoLimiteJornada', 'excluidoLimiteJornada', v.excluidoLimiteJornada, v.excluidoLimiteJornada === current.excluidoLimiteJornada);
  set('bandaInicioFlexibleMinutos', 'bandaInicioFlexibleMinutos', v.bandaInicioFlexibleMinutos, v.bandaInicioFlexibleMinutos === current.bandaInicioFlexibleMinutos);
  set('derechoAlimentacionHasta', 'derechoAlimentacionHasta', v.derechoAlimentacionHasta, v.derechoAlimentacionHasta === current.derechoAlimentacionHasta);
  if (v.derechoAlimentacionModo !== null) set('derechoAlimentacionModo', 'derechoAlimentacionModo', v.derechoAlimentacionModo, v.derechoAlimentacionModo === current.derechoAlimentacionModo);
  set('telefono', 'telefono', v.telefono, v.telefono === current.telefono);
  set('direccion', 'direccion', v.direccion, v.direccion === current.direccion);
  return { values, names };
}

export type UsersBulk = ReturnType<typeof createUsersBulk>;
