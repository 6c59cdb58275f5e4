import { expect, test, type Page } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, createUser, expectAccessible, signIn } from '../support/fixtures';

/**
 * Fingerprint = WebAuthn with a platform authenticator and user verification. Chromium's virtual
 * authenticator (CDP) plays the device's fingerprint reader: internal transport, resident keys,
 * user verification that succeeds.
 */
async function addFingerprintReader(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

test('a worker consents, enrols a fingerprint and marks with it on the kiosk', async ({ page, request }) => {
  test.slow(); // a long journey with axe on each of its pages
  const admin = await createCompanyWithAdmin(request);
  const adminHeaders = await apiSession(request, admin);
  const worker = await createUser(request, adminHeaders, { nombre: 'Ignacia', apellidos: 'Huella Soto' });
  const patch = await request.patch(`/api/v1/usuarios/${worker.id}`, { headers: adminHeaders, data: { metodosMarcaje: ['web', 'huella', 'kiosco_pin'] } });
  expect(patch.ok(), await patch.text()).toBeTruthy();

  const { cdp, authenticatorId } = await addFingerprintReader(page);
  await signIn(page, worker);
  await page.goto('/dashboard/enroll-footprint');
  await expect(page.getByRole('heading', { name: 'Registrar huella', level: 1 })).toBeVisible();

  // Consent first: enrolment is not possible before it.
  await expect(page.getByRole('button', { name: 'Registrar huella' })).toBeDisabled();
  await expectAccessible(page);
  await page.getByLabel('He leído y acepto el texto de consentimiento').check();
  await page.getByRole('button', { name: 'Dar consentimiento' }).click();
  await expect(page.getByText('Consentimiento vigente')).toBeVisible();

  await page.getByLabel('Nombre del dispositivo').fill('Celular de Ignacia');
  await page.getByRole('button', { name: 'Registrar huella' }).click();
  await expect(page.getByRole('list', { name: 'Mis huellas' }).getByText('Celular de Ignacia')).toBeVisible();
  await expectAccessible(page);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // The administrator sees it in the register.
  const register = await request.get(`/api/v1/huella/credenciales?usuarioId=${worker.id}`, { headers: adminHeaders });
  expect((await register.json()).items[0]).toMatchObject({ nombreDispositivo: 'Celular de Ignacia', ultimoUso: null });

  // A kiosk opened on this same device: the finger alone names the worker (discoverable credential).
  const site = await request.post('/api/v1/sedes', { headers: adminHeaders, data: { nombre: 'Casa matriz', calle: 'Av. Matta', numero: '100', comuna: 'Santiago', region: 'RM' } });
  const opened = await request.post('/api/v1/quioscos', { headers: adminHeaders, data: { sedeId: (await site.json()).id, nombre: 'Entrada principal' } });
  const { token } = (await opened.json()) as { token: string };
  await page.evaluate((value) => localStorage.setItem('jornada_kiosco_token', value), token);
  await page.goto('/kiosco');
  await expect(page.getByRole('button', { name: 'Entrada', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Entrada', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Marcar con huella' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Marcar con huella' }).click();
  const result = page.getByRole('status', { name: 'Marca registrada' });
  await expect(result).toContainText('Ignacia Huella Soto');
  await expect(result).toContainText('Entrada registrada');
  await expectAccessible(page);

  const marks = await request.get(`/api/v1/marcas?usuarioId=${worker.id}`, { headers: adminHeaders });
  expect(marks.ok(), await marks.text()).toBeTruthy();
  expect((await marks.json()).items).toEqual([expect.objectContaining({ tipo: 'entrada', metodo: 'huella' })]);
  const after = await request.get(`/api/v1/huella/credenciales?usuarioId=${worker.id}`, { headers: adminHeaders });
  expect((await after.json()).items[0].ultimoUso).not.toBeNull();
});
