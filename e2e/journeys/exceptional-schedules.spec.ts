import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createGroup, createUser, signIn, shootBothSizes } from '../support/fixtures';

const shoot = (page: Page, name: string) =>
  shootBothSizes(page, 'test-results/screenshots', name, { laptop: { width: 1366, height: 768 }, fullPage: false, after: { width: 1280, height: 720 } });

test('exceptional schedules: the administrator registers a 7x7, sees it listed and removes it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const admin = await createCompanyWithAdmin(request);
  await signIn(page, admin);
  // Loaded directly by its address.
  await page.goto('/dashboard/settings/exceptional-schedules');
  await expect(page.getByRole('heading', { name: 'Jornadas excepcionales', level: 1 })).toBeVisible();
  await expect(page.getByText('Sin jornadas excepcionales')).toBeVisible();

  await page.getByRole('button', { name: 'Nueva jornada excepcional' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva jornada excepcional' });
  await dialog.getByRole('textbox', { name: /Número de la resolución/ }).fill('Res. Ex. N° 1234');
  await dialog.getByRole('textbox', { name: /Horas ordinarias diarias/ }).fill('12');
  await shoot(page, 'exceptional-schedules-dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Jornada excepcional registrada: Res. Ex. N° 1234.')).toBeVisible();

  const row = page.getByRole('table', { name: 'Jornadas excepcionales' }).getByRole('row').filter({ hasText: 'Res. Ex. N° 1234' });
  await expect(row.getByText('7x7')).toBeVisible();
  await expect(row.getByText('12 h')).toBeVisible();
  await expect(row.getByText('0 trabajadores')).toBeVisible();
  await shoot(page, 'exceptional-schedules-list');

  await page.getByRole('button', { name: 'Eliminar Res. Ex. N° 1234' }).click();
  await page.getByRole('dialog', { name: 'Eliminar jornada excepcional' }).getByRole('button', { name: 'Eliminar jornada' }).click();
  await expect(page.getByText('Jornada excepcional eliminada: Res. Ex. N° 1234.')).toBeVisible();
});

test('a resolution that names a group: chosen in the group form, its members are under it, and it cannot be deleted while the group has it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  const created = await request.post('/api/v1/jornadas-excepcionales', { headers, data: { numero: 'Res. 123', diasTrabajo: 7, diasDescanso: 7, horasDiarias: 12 } });
  expect(created.status(), await created.text()).toBe(201);
  const group = await createGroup(request, headers, 'Bodega');
  const worker = await createUser(request, headers, { nombre: 'Pablo', apellidos: 'Fuentes Lagos', grupoId: group.id });
  await signIn(page, admin);

  await page.goto(`/dashboard/group/edit?id=${group.id}`);
  const form = page.getByRole('form', { name: 'Datos del grupo' });
  await form.getByRole('combobox', { name: /Jornada excepcional \(art\. 38\)/ }).click();
  await page.getByRole('option', { name: '7x7 · Res. 123' }).click();
  await shoot(page, 'group-exceptional-schedule-form');
  await form.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Datos del grupo guardados.')).toBeVisible();

  await page.goto(`/dashboard/users/${worker.id}`);
  await expect(page.getByText('7x7 · Res. 123 (por su grupo Bodega)')).toBeVisible();

  await page.goto('/dashboard/settings/exceptional-schedules');
  const row = page.getByRole('table', { name: 'Jornadas excepcionales' }).getByRole('row').filter({ hasText: 'Res. 123' });
  await expect(row.getByText('1 trabajador')).toBeVisible();
  await expect(row.getByText('1 grupo')).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar Res. 123' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar jornada excepcional' });
  await expect(confirm).toContainText('1 grupo asignado');
  await expect(confirm.getByRole('button', { name: 'Eliminar jornada' })).toBeDisabled();
});
