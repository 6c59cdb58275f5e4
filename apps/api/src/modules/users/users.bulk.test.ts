import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRut } from '@jornada/domain';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueRut } from '../../test/factories';
import { workbook } from '../../test/hostile-xlsx';
import { multipartFile } from '../../test/multipart';
import { addPerson, companyWithAdmin } from '../../test/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HEADER = ['RUT', 'Nombre', 'Apellidos', 'Correo', 'Horas semanales', 'Inicio contrato', 'Grupo', 'Perfil', 'Sueldo base', 'Métodos de marcaje'];

async function xlsx(rows: unknown[][], header = HEADER): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Usuarios');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (headers: Record<string, string>, file: Buffer | string, preview = false, filename = 'usuarios.xlsx') => {
  const form = multipartFile(file, { filename });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/usuarios/carga-masiva${preview ? '/vista-previa' : ''}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
};

async function countUsers(companyId: string) {
  return (await t.database.db.select().from(users).where(eq(users.companyId, companyId))).length;
}

describe('bulk user upload', () => {
  it('previews, commits all rows in one go, and reports the same file again as without changes', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers: admin.headers, payload: { nombre: 'Ventas Mañana' } });
    const rutA = uniqueRut();
    const rutB = uniqueRut();
    const file = await xlsx([
      [formatRut(rutA), 'Pedro', 'Soto Díaz', 'pedro@empresa.cl', 44, new Date(Date.UTC(2024, 4, 2)), 'ventas manana', '', 600000, 'web, huella'],
      [rutB.replace('-', ''), 'Lucía', 'Rojas', 'lucia@empresa.cl', '30', '02-05-2024', '', 'Supervisor', '', ''],
    ]);
    const sent = t.mailer.sent.length;

    const preview = await upload(admin.headers, file, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ valido: true, aplicado: false, resumen: { totalFilas: 2, crear: 2, actualizar: 0, sinCambios: 0, conErrores: 0 } });
    const before = await countUsers(companyId);

    const commit = await upload(admin.headers, file);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toMatchObject({ aplicado: true, resumen: { crear: 2 } });
    expect(commit.json().invitaciones).toEqual({ enviadas: 2, pendientes: 0, mensaje: 'Se enviaron las 2 invitaciones para crear la contraseña.' });
    expect(await countUsers(companyId)).toBe(before + 2);
    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/usuarios?q=${rutA.replace('-', '')}`, headers: admin.headers })).json();
    expect(list.items[0]).toMatchObject({ nombre: 'Pedro', grupo: { nombre: 'Ventas Mañana' }, inicioContrato: '2024-05-02', sueldoBase: 600000, metodosMarcaje: ['web', 'huella'], perfil: 'trabajador' });
    for (let i = 0; i < 100 && t.mailer.sent.length < sent + 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(t.mailer.sent.slice(sent).map((m) => m.to).sort()).toEqual(['lucia@empresa.cl', 'pedro@empresa.cl']);

    const again = await upload(admin.headers, file);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ aplicado: true, resumen: { crear: 0, actualizar: 0, sinCambios: 2 } });
    expect(again.json().filas.map((f: { accion: string }) => f.accion)).toEqual(['sin_cambios', 'sin_cambios']);
    expect(await countUsers(companyId)).toBe(before + 2);

    const changed = await xlsx([[formatRut(rutA), 'Pedro Pablo', 'Soto Díaz', 'pedro@empresa.cl', 44, '2024-05-02', 'Ventas Mañana', '', 600000, 'web,huella']]);
    const update = await upload(admin.headers, changed);
    expect(update.json().filas).toEqual([{ fila: 2, accion: 'actualizar', clave: formatRut(rutA), descripcion: 'Pedro Pablo Soto Díaz', cambios: ['Nombre'] }]);
  });

  it('writes nothing when one row is bad, and names row, column and problem in Spanish', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const before = await countUsers(companyId);
    const file = await xlsx([
      [uniqueRut(), 'Buena', 'Fila', 'buena@empresa.cl', 40, '2024-01-02', '', '', '', ''],
      ['12.345.678-9', 'Mala', 'Fila', 'mala@', 50, '31-02-2024', 'No existe', 'jefe', '', 'telepatía'],
    ]);
    const response = await upload(admin.headers, file);
    expect(response.statusCode).toBe(400);
    const json = response.json();
    expect(json).toMatchObject({ valido: false, aplicado: false, resumen: { totalFilas: 2, crear: 1, conErrores: 1 } });
    expect(json.errores).toEqual([
      { fila: 3, columna: 'RUT', mensaje: 'El RUT no es válido.' },
      { fila: 3, columna: 'Correo', mensaje: 'El correo electrónico no es válido.' },
      { fila: 3, columna: 'Perfil', mensaje: 'Valor no válido. Usa: administrador, supervisor, trabajador, fiscalizador.' },
      { fila: 3, columna: 'Horas semanales', mensaje: 'No puede superar 45.' },
      { fila: 3, columna: 'Métodos de marcaje', mensaje: 'Valor no válido. Usa: web, huella, kiosco_pin, reloj.' },
      { fila: 3, columna: 'Inicio contrato', mensaje: 'La fecha no es válida. Usa dd-mm-aaaa o aaaa-mm-dd.' },
      // In the same answer as the cells that did not parse, not on a second upload.
      { fila: 3, columna: 'Grupo', mensaje: 'No existe un grupo llamado «No existe».' },
    ]);
    expect(await countUsers(companyId)).toBe(before);

    const semantic = await xlsx([
      [uniqueRut(), 'Uno', 'Dos', 'uno@empresa.cl', 45, '2025-01-02', 'Inexistente', '', '', ''],
    ]);
    const second = (await upload(admin.headers, semantic)).json();
    expect(second.errores).toEqual([
      { fila: 2, columna: 'Grupo', mensaje: 'No existe un grupo llamado «Inexistente».' },
      { fila: 2, columna: 'Horas semanales', mensaje: 'Las horas semanales no pueden superar el máximo legal de 44 horas para este contrato (Ley 21.561).' },
    ]);
  });

  it('lists every error of every row in one preview: cells that do not parse beside the checks of the cells that do; the upload writes nothing', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin.headers, payload: { nombre: 'Casa Matriz' } });
    const [me] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    const header = [...HEADER, 'Sede', 'Fin contrato'];
    const rut = uniqueRut();
    const file = await xlsx(
      [
        // A bad e-mail and weekly hours over 45 (cells) and a site that does not exist (a check).
        [formatRut(rut), 'Ana', 'Pérez', 'ana@', 50, '2025-01-02', '', '', '', '', 'Sucursal Norte', ''],
        // A bad start date (cell), the RUT of row 2 again and a group that does not exist (checks).
        [rut, 'Beto', 'Rojas', 'beto@empresa.cl', 40, '32-13-2025', 'Bodega', '', '', '', 'casa matriz', ''],
        // A bad RUT (cell), a contract that ends before it starts and hours over the limit of its start (checks).
        ['12.345.678-9', 'Carla', 'Díaz', 'carla@empresa.cl', 45, '2025-01-02', '', '', '', '', '', '2024-12-01'],
        // This company's principal administrator: a bad Sueldo base (cell) and a change of perfil (a check).
        [me!.rut, me!.nombre, me!.apellidos, me!.email, me!.horasSemanales ?? 40, me!.inicioContrato, '', 'trabajador', 'mucho', '', '', ''],
        [uniqueRut(), 'Buena', 'Fila', 'buena.fila@empresa.cl', 40, '2025-01-02', '', '', '', '', 'Casa Matriz', ''],
      ],
      header,
    );
    const errores = [
      { fila: 2, columna: 'Correo', mensaje: 'El correo electrónico no es válido.' },
      { fila: 2, columna: 'Horas semanales', mensaje: 'No puede superar 45.' },
      { fila: 2, columna: 'Sede', mensaje: 'No existe una sede llamada «Sucursal Norte».' },
      { fila: 3, columna: 'Inicio contrato', mensaje: 'La fecha no es válida. Usa dd-mm-aaaa o aaaa-mm-dd.' },
      { fila: 3, columna: 'RUT', mensaje: 'El RUT se repite: ya aparece en la fila 2.' },
      { fila: 3, columna: 'Grupo', mensaje: 'No existe un grupo llamado «Bodega».' },
      { fila: 4, columna: 'RUT', mensaje: 'El RUT no es válido.' },
      { fila: 4, columna: 'Fin contrato', mensaje: 'El fin de contrato no puede ser anterior al inicio.' },
      { fila: 4, columna: 'Horas semanales', mensaje: 'Las horas semanales no pueden superar el máximo legal de 44 horas para este contrato (Ley 21.561).' },
      { fila: 5, columna: 'Sueldo base', mensaje: 'Debe ser un número entero.' },
      { fila: 5, columna: 'Perfil', mensaje: 'El administrador principal no puede cambiar de perfil.' },
    ];
    const preview = await upload(admin.headers, file, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ valido: false, aplicado: false, resumen: { totalFilas: 5, crear: 1, conErrores: 4 }, errores });
    expect(preview.json().filas).toEqual([
      { fila: 2, accion: 'error', clave: formatRut(rut), descripcion: 'Ana Pérez', cambios: [] },
      { fila: 3, accion: 'error', clave: formatRut(rut), descripcion: 'Beto Rojas', cambios: [] },
      { fila: 4, accion: 'error', clave: '', descripcion: 'Carla Díaz', cambios: [] },
      { fila: 5, accion: 'error', clave: formatRut(me!.rut), descripcion: `${me!.nombre} ${me!.apellidos}`, cambios: [] },
      expect.objectContaining({ fila: 6, accion: 'crear' }),
    ]);

    const before = await countUsers(companyId);
    const commit = await upload(admin.headers, file);
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({ valido: false, aplicado: false, errores });
    expect(await countUsers(companyId)).toBe(before);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(still!.perfil).toBe('administrador');
  });

  it('a cell with a NUL character is that cell\'s row error (with the rest of the row checked), not a database failure; the file as a whole gets a Spanish 400', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const header = ['RUT', 'Nombre', 'Apellidos', 'Correo', 'Horas semanales', 'Inicio contrato', 'Sede'];
    const rut = uniqueRut();
    // A CSV is taken for a binary file when its first 64 KB have a NUL: the blank header cell carries it past them.
    const csv = [
      `${header.join(';')};${' '.repeat(70_000)}`,
      `${rut};Ana;Pérez;ana@empresa.cl;40;2025-01-02;`,
      `${uniqueRut()};Be\u0000to;Rojas;be\u0000to@empresa.cl;40;2025-01-02;Sede\u0000Norte`,
      `${formatRut(rut)};Ana;Pérez;ana@empresa.cl;50;2025-01-02;`,
    ].join('\n');
    const notAllowed = 'Contiene un carácter no permitido (carácter nulo o Unicode incompleto).';
    const errores = [
      { fila: 3, columna: 'Nombre', mensaje: notAllowed },
      { fila: 3, columna: 'Correo', mensaje: notAllowed },
      { fila: 3, columna: 'Sede', mensaje: notAllowed },
      { fila: 4, columna: 'Horas semanales', mensaje: 'No puede superar 45.' },
      { fila: 4, columna: 'RUT', mensaje: 'El RUT se repite: ya aparece en la fila 2.' },
    ];
    const before = await countUsers(companyId);
    for (const preview of [true, false]) {
      const response = await upload(admin.headers, csv, preview, 'u.csv');
      expect(response.statusCode, response.body).toBe(preview ? 200 : 400);
      expect(response.json()).toMatchObject({ valido: false, aplicado: false, errores });
    }
    expect(await countUsers(companyId)).toBe(before);

    // What the reader cannot read at all (NUL or a lone surrogate in a workbook) is the whole file's Spanish 400.
    for (const cell of ['Ana&#0;', 'Ana&#xD800;', 'Ana\u0000']) {
      const response = await upload(admin.headers, workbook(header, [[rut, cell, 'Pérez', 'ana@empresa.cl', '40', '2025-01-02', '']]), true);
      expect(response.statusCode, cell).toBe(400);
      expect(response.json().error).toEqual({ code: 'VALIDATION', message: 'El archivo no es una planilla Excel (.xlsx) ni un archivo CSV. Descarga la plantilla y complétala.' });
    }
  });

  it('reads CSV with ; or , with or without BOM, headers in any order and with accents changed', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const semicolon = `\ufeffapellidos;NOMBRE;rut;correo;horas semanales;inicio contrato\nMuñoz;Tomás;${uniqueRut()};tomas@empresa.cl;44;01-03-2024\n`;
    const r1 = await upload(admin.headers, semicolon, true, 'u.csv');
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json().filas[0]).toMatchObject({ accion: 'crear', descripcion: 'Tomás Muñoz' });
    const comma = `Rut,Nombre,Apellidos,Correo electrónico,Horas Semanales,Fecha de ingreso\n${uniqueRut()},"Ana, la jefa",Paz,ana@empresa.cl,"42,5",2024-03-01\n`;
    const r2 = await upload(admin.headers, comma, true, 'u.csv');
    expect(r2.json()).toMatchObject({ valido: true, filas: [{ descripcion: 'Ana, la jefa Paz' }] });
  });

  it('refuses files that are not spreadsheets, wrong headers, too many rows, repeated RUTs and missing files', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const pdf = await upload(admin.headers, Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), true, 'usuarios.xlsx');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe('El archivo no es una planilla Excel (.xlsx) ni un archivo CSV. Descarga la plantilla y complétala.');
    const png = await upload(admin.headers, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), true, 'u.csv');
    expect(png.json().error.message).toContain('no es una planilla');
    const zip = await upload(admin.headers, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]), true);
    expect(zip.json().error.message).toContain('no es una planilla');

    const wrong = await upload(admin.headers, await xlsx([['x']], ['Nombre', 'Apellido', 'Correo']), true);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Faltan columnas obligatorias: RUT, Apellidos, Horas semanales, Inicio contrato. Usa los encabezados de la plantilla.');
    const extra = await upload(admin.headers, await xlsx([], [...HEADER, 'Color favorito']), true);
    expect(extra.json().error.message).toBe('La columna «Color favorito» no corresponde a la plantilla. Usa los encabezados de la plantilla.');
    const empty = await upload(admin.headers, await xlsx([]), true);
    expect(empty.json().error.message).toBe('El archivo no tiene filas de datos bajo los encabezados.');

    const lines = ['RUT;Nombre;Apellidos;Correo;Horas semanales;Inicio contrato'];
    for (let i = 0; i < 50_001; i++) lines.push(`1-9;a;b;c@d.cl;1;2024-01-01`);
    const many = await upload(admin.headers, lines.join('\n'), true, 'u.csv');
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toBe('El archivo tiene más de 50.000 filas de datos. Divídelo en archivos más pequeños.');

    const rut = uniqueRut();
    const twice = await upload(admin.headers, await xlsx([
      [rut, 'A', 'B', 'a@empresa.cl', 40, '2024-01-02', '', '', '', ''],
      [formatRut(rut), 'A', 'B', 'a@empresa.cl', 40, '2024-01-02', '', '', '', ''],
    ]), true);
    expect(twice.json().errores).toEqual([{ fila: 3, columna: 'RUT', mensaje: 'El RUT se repite: ya aparece en la fila 2.' }]);

    const none = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios/carga-masiva/vista-previa', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Envía el archivo como multipart/form-data en el campo «archivo».');
  });

  it('refuses a file over 10 MB', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const big = await upload(admin.headers, Buffer.alloc(10 * 1024 * 1024 + 10, 'a'), true, 'u.csv');
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toBe('El archivo supera el tamaño máximo de 10 MB.');
  });

  it('offers the template as xlsx (example row and Instrucciones) and csv, and the template itself uploads cleanly', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const x = await t.app.inject({ method: 'GET', url: '/api/v1/usuarios/carga-masiva/plantilla?formato=xlsx', headers: admin.headers });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain('plantilla-usuarios.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Usuarios', 'Instrucciones']);
    expect(workbook.getWorksheet('Usuarios')!.getRow(1).getCell(1).value).toBe('RUT');
    expect(workbook.getWorksheet('Usuarios')!.rowCount).toBe(2);

    const c = await t.app.inject({ method: 'GET', url: '/api/v1/usuarios/carga-masiva/plantilla?formato=csv', headers: admin.headers });
    expect(c.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(c.body.startsWith('\ufeffRUT;Nombre;Apellidos;Correo;Correo personal;Cargo;Perfil;Sede;Grupo;Horas semanales')).toBe(true);

    // The example names a site and a group; with both created, the template's own row is valid.
    await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin.headers, payload: { nombre: 'Casa Matriz' } });
    await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers: admin.headers, payload: { nombre: 'Ventas mañana' } });
    for (const [file, name] of [[x.rawPayload, 'p.xlsx'], [c.rawPayload, 'p.csv']] as const) {
      const preview = await upload(admin.headers, file, true, name);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ valido: true, resumen: { crear: 1 } });
    }
    expect(companyId).toBeTruthy();
  });

  it('fills the example weekly hours with the legal limit of the day the template is downloaded', async () => {
    try {
      for (const [day, hours] of [['2026-05-04T15:00:00Z', 42], ['2028-05-02T15:00:00Z', 40]] as const) {
        t.clock.set(day);
        const { admin } = await companyWithAdmin(t.app);
        await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin.headers, payload: { nombre: 'Casa Matriz' } });
        await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers: admin.headers, payload: { nombre: 'Ventas mañana' } });
        const c = await t.app.inject({ method: 'GET', url: '/api/v1/usuarios/carga-masiva/plantilla?formato=csv', headers: admin.headers });
        const [header, example] = c.body.replace('\ufeff', '').split('\r\n').map((line) => line.split(';'));
        expect(example![header!.indexOf('Horas semanales')]).toBe(String(hours));
        const preview = await upload(admin.headers, c.rawPayload, true, 'p.csv');
        expect(preview.json(), preview.body).toMatchObject({ valido: true, resumen: { crear: 1 } });
      }
    } finally {
      t.clock.set('2025-06-02T13:00:00.000Z');
    }
  });

  it('takes the optional years with previous employers (art. 68): 0 to 60, empty is 0', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const header = ['RUT', 'Nombre', 'Apellidos', 'Correo', 'Horas semanales', 'Inicio contrato', 'Años reconocidos'];
    const [rutA, rutB] = [uniqueRut(), uniqueRut()];
    const rows = (years: unknown) => [
      [formatRut(rutA), 'Pedro', 'Soto', 'pedro.anios@empresa.cl', 44, '02-05-2024', years],
      [formatRut(rutB), 'Lucía', 'Rojas', 'lucia.anios@empresa.cl', 44, '02-05-2024', ''],
    ];
    const bad = await upload(admin.headers, await xlsx(rows(61), header));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errores).toEqual([{ fila: 2, columna: 'Años con empleadores anteriores', mensaje: expect.stringContaining('No puede superar 60.') }]);
    const good = await upload(admin.headers, await xlsx(rows(12), header));
    expect(good.statusCode, good.body).toBe(200);
    const stored = await t.database.db.select({ rut: users.rut, anios: users.aniosReconocidosAnteriores }).from(users).where(eq(users.companyId, companyId));
    expect(stored.find((u) => u.rut === rutA)?.anios).toBe(12);
    expect(stored.find((u) => u.rut === rutB)?.anios).toBe(0);
    const again = await upload(admin.headers, await xlsx(rows(3), header), true);
    expect(again.json().filas.map((f: { accion: string; cambios: string[] }) => [f.accion, f.cambios])).toEqual([
      ['actualizar', ['Años con empleadores anteriores']],
      ['sin_cambios', []],
    ]);
  });

  it('sets the contract’s regimes and parents’ rights (art. 38, art. 22, art. 27, art. 206); an empty Sí/No or mode leaves what a user had', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const header = [
      'RUT', 'Nombre', 'Apellidos', 'Correo', 'Horas semanales', 'Inicio contrato',
      'Exceptuado del descanso dominical', 'Excluido de la limitación de jornada', 'Banda de inicio flexible (minutos)', 'Derecho a alimentación hasta', 'Modo del derecho a alimentación',
    ];
    const [rutA, rutB] = [uniqueRut(), uniqueRut()];
    const rows = (a: unknown[], b: unknown[]) => [
      [formatRut(rutA), 'Rosa', 'Vega', 'rosa.regimen@empresa.cl', 42, '02-05-2024', ...a],
      [formatRut(rutB), 'Iván', 'Mora', 'ivan.regimen@empresa.cl', 42, '02-05-2024', ...b],
    ];
    const bad = await upload(admin.headers, await xlsx(rows(['Quizás', 'No', 150, '', 'tarde'], ['', '', '', '', '']), header));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errores.map((e: { columna: string }) => e.columna)).toEqual([
      'Exceptuado del descanso dominical',
      'Banda de inicio flexible (minutos)',
      'Modo del derecho a alimentación',
    ]);
    expect(await countUsers(companyId)).toBe(1);

    const good = await upload(admin.headers, await xlsx(rows(['Sí', 'No', 60, '30-06-2027', 'dividido'], ['', 'Sí', '', '', '']), header));
    expect(good.statusCode, good.body).toBe(200);
    const read = async () =>
      (await t.database.db.select().from(users).where(eq(users.companyId, companyId))).filter((u) => u.rut === rutA || u.rut === rutB).sort((x, y) => (x.rut === rutA ? -1 : y.rut === rutA ? 1 : 0));
    const pick = (u: typeof users.$inferSelect) => [u.exceptuadoDescansoDominical, u.excluidoLimiteJornada, u.bandaInicioFlexibleMinutos, u.derechoAlimentacionHasta, u.derechoAlimentacionModo];
    expect((await read()).map(pick)).toEqual([
      [true, false, 60, '2027-06-30', 'dividido'],
      [false, true, null, null, 'fin'],
    ]);

    // Empty Sí/No and mode keep the values; an empty band or date clears them, as any optional column.
    const again = await upload(admin.headers, await xlsx(rows(['', '', '', '', ''], ['No', '', 30, '', 'inicio']), header));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().filas.map((f: { cambios: string[] }) => f.cambios)).toEqual([
      ['Banda de inicio flexible (minutos)', 'Derecho a alimentación hasta'],
      ['Banda de inicio flexible (minutos)', 'Modo del derecho a alimentación'],
    ]);
    expect((await read()).map(pick)).toEqual([
      [true, false, null, null, 'dividido'],
      [false, true, 30, null, 'inicio'],
    ]);
  });

  it('is for administrators only', async () => {
    const { companyId } = await companyWithAdmin(t.app);
    const supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    expect((await upload(supervisor.headers, 'x', true)).statusCode).toBe(403);
  });
});
