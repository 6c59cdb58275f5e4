import { describe, expect, it } from 'vitest';
import { invitationMail } from './invitation-mail';

const WJ = '\u2060';
const link = 'http://jornada.test/reset-password/abc_DEF-123';

/** What a hostile self-registered company writes as its name and its worker's. */
const hostile = invitationMail({
  to: 'victima@correo.cl',
  nombre: 'Cliente <b>VIP</b>\nPaga en https://banco-falso.cl/pago',
  razonSocial: 'Banco de Chile» — Soporte «urgente',
  rut: '12.345.678-5',
  link,
});

describe('invitation e-mail', () => {
  it('has a fixed subject, with nothing the company wrote', () => {
    expect(hostile.subject).toBe('Tu cuenta en Jornada');
    expect(invitationMail({ to: 'a@b.cl', nombre: 'Ana', razonSocial: 'Otra SpA', rut: '1-9', link }).subject).toBe('Tu cuenta en Jornada');
  });

  it('shows the names only quoted on one line, said to be the company’s words, and without links', () => {
    const line = hostile.text.split('\n').find((l) => l.startsWith('La empresa'))!;
    expect(line).toContain(`La empresa «Banco de Chile" — Soporte "urgente» te registró en Jornada`);
    expect(line).toContain(`con el nombre «Cliente <b>VIP</${WJ}b> Paga en https:${WJ}/${WJ}/${WJ}banco-falso.${WJ}cl/${WJ}pago»`);
    expect(line).toContain('Los textos entre comillas los escribió esa empresa.');
    expect(hostile.text).not.toContain('banco-falso.cl');
    expect(hostile.text.startsWith('Hola:\n')).toBe(true);
  });

  it('escapes them in HTML, where the invitation is the only link', () => {
    expect(hostile.html).not.toContain('<b>');
    expect(hostile.html).toContain('«Cliente &lt;b&gt;VIP&lt;/');
    expect(hostile.html).not.toContain('banco-falso.cl');
    expect([...hostile.html.matchAll(/<a\s/g)]).toHaveLength(1);
    expect(hostile.html).toContain(`<a href="${link}"`);
    expect(hostile.text).toContain(link);
  });

  it('caps a long name', () => {
    const mail = invitationMail({ to: 'a@b.cl', nombre: 'N'.repeat(500), razonSocial: 'R'.repeat(500), rut: '1-9', link });
    expect(mail.text).toContain(`«${'N'.repeat(79)}…»`);
    expect(mail.text).toContain(`«${'R'.repeat(99)}…»`);
  });
});
