import { expect, test } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createUser, expectAccessible, signIn } from '../support/fixtures';

/** The local date and `HH:MM` of an instant in Santiago (the sites' default zone). */
function santiago(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test('alerts: the administrator turns an alert on, saves, reloads; a missed entrada shows in the log', async ({ page, request }) => {
  // The server looks for alerts due once a minute: this journey waits for one pass.
  test.setTimeout(180_000);
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);

  // A worker whose shift started 40 minutes ago and who has not marked: the entrada alert is due.
  const worker = await createUser(request, headers, { nombre: 'Rodrigo', apellidos: 'Sin Marca Núñez' });
  const startedAt = Date.now() - 40 * 60_000;
  const start = santiago(new Date(startedAt));
  const end = santiago(new Date(startedAt + 8 * 3600_000));
  const shift = await request.post('/api/v1/turnos', {
    headers,
    data: { nombre: 'Turno alerta', codigo: 'AL', color: '#228be6', inicio: start.time, fin: end.time, colacion: { tipo: 'minutos', minutos: 0 }, confirmarAdvertencias: true },
  });
  expect(shift.ok(), await shift.text()).toBeTruthy();
  const planned = await request.put(`/api/v1/planificaciones/${worker.id}/${start.date}`, { headers, data: { tipo: 'turno', turnoId: (await shift.json()).id } });
  expect(planned.ok(), await planned.text()).toBeTruthy();

  await signIn(page, admin);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByText('Configuración').click();
  await page.getByRole('link', { name: 'Alertas' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/alerts$/);
  await expect(page.getByRole('heading', { name: 'Alertas de asistencia' })).toBeVisible();
  const breaks = page.getByRole('switch', { name: 'Colación no registrada' });
  const copy = page.getByRole('switch', { name: 'Enviar copia a los administradores de la empresa' });
  await expect(page.getByRole('switch', { name: 'Entrada o salida no registrada' })).toBeChecked();
  await expect(breaks).not.toBeChecked();
  await expect(copy).not.toBeChecked();
  await breaks.check();
  await copy.check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Configuración de alertas guardada.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Colación no registrada' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Enviar copia a los administradores de la empresa' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Jornada semanal sobre el máximo legal' })).toBeChecked();
  // The compensatory rest of art. 38 inc. 3 not granted within the seven days after a Sunday or holiday: on by default.
  await expect(page.getByRole('switch', { name: 'Descanso compensatorio no otorgado' })).toBeChecked();
  await expect(page.getByText(/no lo tuvo en los 7 días siguientes/)).toBeVisible();

  // Within a pass of the server's scan, the e-mail is sent and logged (to the worker, a copy to the administrator).
  await expect
    .poll(
      async () => {
        const log = await request.get('/api/v1/configuracion/alertas/enviadas', { headers });
        const body = (await log.json()) as { items: { tipo: string; destinatario: string | null; copias: string[]; enviadaEn: string | null }[] };
        return body.items.filter((a) => a.enviadaEn !== null).map((a) => ({ tipo: a.tipo, destinatario: a.destinatario, copias: a.copias }));
      },
      { timeout: 100_000, intervals: [5_000] },
    )
    .toEqual([{ tipo: 'entrada', destinatario: worker.email, copias: [admin.email] }]);
  await page.reload();
  const table = page.getByRole('table', { name: 'Alertas enviadas' });
  await expect(table.getByText('Entrada no registrada')).toBeVisible();
  await expect(table.getByText('Rodrigo Sin Marca Núñez')).toBeVisible();
  await expect(table.getByText('Enviada', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: test.info().outputPath('alerts-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('alerts-390.png'), fullPage: true });
});
