import { expect, test, type Locator } from '@playwright/test';
import { apiSession, createCompanyWithAdmin, signIn } from '../support/fixtures';

/**
 * What a table looks like broken: a badge cut with an ellipsis ("ACTI…"), a cell's content spilling
 * over the next column, or (on a desktop window) a table wider than its card.
 */
function layoutProblems(table: Locator, { wholeWidth }: { wholeWidth: boolean }) {
  return table.evaluate((element, wholeWidth) => {
    const problems: string[] = [];
    const inside = (inner: DOMRect, outer: DOMRect) =>
      inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    for (const cell of Array.from(element.querySelectorAll('tbody td'))) {
      const box = cell.getBoundingClientRect();
      const label = cell.getAttribute('data-label') ?? '';
      for (const badge of Array.from(cell.querySelectorAll<HTMLElement>('.mantine-Badge-root'))) {
        const text = badge.querySelector<HTMLElement>('.mantine-Badge-label') ?? badge;
        if (text.scrollWidth > text.clientWidth + 1) problems.push(`${label}: la insignia «${badge.textContent}» está cortada`);
        if (!inside(badge.getBoundingClientRect(), box)) problems.push(`${label}: la insignia «${badge.textContent}» sale de su celda`);
      }
      for (const child of Array.from(cell.querySelectorAll('*'))) {
        const rect = child.getBoundingClientRect();
        if (rect.width > 0 && !inside(rect, box)) {
          problems.push(`${label}: «${child.textContent?.slice(0, 40)}» sale de su celda`);
          break;
        }
      }
    }
    const scroller = element.parentElement!;
    if (wholeWidth && scroller.scrollWidth > scroller.clientWidth + 1) {
      problems.push(`la tabla mide ${scroller.scrollWidth} px en un espacio de ${scroller.clientWidth} px`);
    }
    return problems;
  }, wholeWidth);
}

test('the shift and clock tables keep their badges whole and inside their cells at 1366x900 and 390x844', async ({ page, request }) => {
  const admin = await createCompanyWithAdmin(request);
  const headers = await apiSession(request, admin);
  for (const data of [
    { nombre: 'Noche bodega', codigo: 'NB', color: '#364fc7', inicio: '22:00', fin: '06:00', colacion: { tipo: 'fija', inicio: '02:00', fin: '02:30' } },
    { nombre: 'Oficina', codigo: 'OF', color: '#0b7a6e', inicio: '09:00', fin: '18:00', colacion: { tipo: 'minutos', minutos: 60 }, toleranciaAtrasoMin: 10, toleranciaSalidaMin: 5 },
  ]) {
    const shift = await request.post('/api/v1/turnos', { headers, data });
    expect(shift.status(), await shift.text()).toBe(201);
  }
  const site = await request.post('/api/v1/sedes', { headers, data: { nombre: 'Centro de distribución Lo Boza', calle: 'Av. Lo Boza', numero: '120', comuna: 'Pudahuel', region: 'RM' } });
  expect(site.status(), await site.text()).toBe(201);
  const clock = await request.post('/api/v1/relojes', {
    headers,
    data: { numeroSerie: 'CKUD201960012', nombre: 'Entrada bodega norte', sedeId: ((await site.json()) as { id: string }).id },
  });
  expect(clock.status(), await clock.text()).toBe(201);

  await signIn(page, admin);
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    for (const [path, caption] of [
      ['/dashboard/planning/shift-list', 'Turnos'],
      ['/dashboard/settings/clocks', 'Relojes control'],
    ] as const) {
      await page.goto(path);
      const table = page.getByRole('table', { name: caption });
      await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
      await expect(table).toContainText(path.includes('shift') ? 'Cruza medianoche' : 'Activo');
      expect(await layoutProblems(table, { wholeWidth: viewport.width >= 1366 }), `${path} a ${viewport.width} px`).toEqual([]);
    }
  }
});
