import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCompanyWithAdmin, expectAccessible, signIn } from '../support/fixtures';

/** The page as a person sees it at the desktop and the phone sizes (the top, then `focus` scrolled into view), saved to look at. */
async function screenshots(page: Page, name: string, focus: Locator) {
  for (const [label, size] of [
    ['1366x900', { width: 1366, height: 900 }],
    ['390x844', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png` });
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/${name}-list-${label}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('holidays: the administrator adds a company holiday for next year, sees it listed with its badges, and removes it', async ({ page, request }) => {
  // Two screenshots, an axe pass and a reload: on a busy two-core machine this takes more than the default minute.
  test.setTimeout(150_000);
  const admin = await createCompanyWithAdmin(request);
  // 10 March of next year: never a national holiday (Holy Friday comes on 20 March at the earliest).
  const year = new Date().getFullYear() + 1;

  await signIn(page, admin);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByText('Configuración').click();
  await page.getByRole('link', { name: 'Feriados', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/holidays$/);
  await expect(page.getByRole('heading', { name: 'Feriados', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Feriados de \d{4}$/ }).getByText('Año Nuevo')).toBeVisible();

  const form = page.getByRole('form', { name: 'Agregar feriado' });
  await form.getByRole('textbox', { name: /^Fecha/ }).fill(`10-03-${year}`);
  await form.getByRole('textbox', { name: /^Nombre/ }).fill('Aniversario de la empresa');
  await form.getByRole('switch', { name: /Irrenunciable para el comercio/ }).check({ force: true });
  await form.getByRole('button', { name: 'Agregar feriado' }).click();
  await expect(page.getByText(`Feriado agregado: Aniversario de la empresa, 10-03-${year}.`)).toBeVisible();

  // The list moves to the holiday's year and shows it among the law's holidays.
  const table = page.getByRole('table', { name: `Feriados de ${year}` });
  const row = table.getByRole('row').filter({ hasText: 'Aniversario de la empresa' });
  await expect(row).toBeVisible();
  await expect(row.getByText(`10-03-${year}`)).toBeVisible();
  await expect(row.getByText('Empresa', { exact: true })).toBeVisible();
  await expect(row.getByText('Irrenunciable', { exact: true })).toBeVisible();
  await expect(table.getByText('Navidad')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'holidays', row);

  // A reload reads it back from the server.
  await page.reload();
  await page.getByRole('combobox', { name: 'Año' }).click();
  await page.getByRole('option', { name: String(year) }).click();
  await expect(page.getByRole('table', { name: `Feriados de ${year}` }).getByText('Aniversario de la empresa')).toBeVisible();

  await page.getByRole('button', { name: `Eliminar Aniversario de la empresa del 10-03-${year}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar feriado' });
  await dialog.getByRole('button', { name: 'Eliminar feriado' }).click();
  await expect(page.getByText('Feriado eliminado: Aniversario de la empresa.')).toBeVisible();
  await expect(page.getByRole('table', { name: `Feriados de ${year}` }).getByText('Aniversario de la empresa')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Feriados eliminados' }).getByText(/Aniversario de la empresa: eliminado por/)).toBeVisible();
});
