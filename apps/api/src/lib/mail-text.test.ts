import { describe, expect, it } from 'vitest';
import { escapeHtml, quoted, quotedHtml, tenantText } from './mail-text';

const WJ = '\u2060';

describe('text a company wrote, inside an e-mail', () => {
  it('keeps an ordinary name as written', () => {
    expect(tenantText('María José Ñúñez-O’Higgins', 80)).toBe('María José Ñúñez-O’Higgins');
    expect(quoted('Panadería La Espiga SpA', 100)).toBe('«Panadería La Espiga SpA»');
  });

  it('makes it one line without control, bidirectional or zero-width characters', () => {
    expect(tenantText('Juan\r\n\r\nTu cuenta fue bloqueada\tya', 80)).toBe('Juan Tu cuenta fue bloqueada ya');
    expect(tenantText('Ana\u202Egnp.exe\u200B\u0000 ', 80)).toBe(`Ana gnp.${WJ}exe`);
    expect(tenantText('\u2028Línea\u2029', 80)).toBe('Línea');
  });

  it('cannot close its own quote', () => {
    expect(quoted('X» Jornada: paga aquí «Y', 80)).toBe(`«X" Jornada:${WJ} paga aquí "Y»`);
  });

  it('is capped, ending in an ellipsis', () => {
    const long = 'a'.repeat(300);
    expect(Array.from(tenantText(long, 80))).toHaveLength(80);
    expect(tenantText(long, 80).endsWith('…')).toBe(true);
    expect(tenantText('ñ'.repeat(80), 80)).toBe('ñ'.repeat(80));
  });

  it('breaks what mail clients would turn into a link: domains, addresses, URLs', () => {
    const text = tenantText('Visita https://www.banco-falso.cl/login o escribe a soporte@banco.cl', 100);
    for (const linkable of ['banco-falso.cl', 'www.banco', 'https://', '@banco.cl', '.cl/login']) expect(text).not.toContain(linkable);
    // Only invisible joiners were added: the text reads the same.
    expect(text.replaceAll(WJ, '')).toBe('Visita https://www.banco-falso.cl/login o escribe a soporte@banco.cl');
  });

  it('is escaped for HTML after quoting', () => {
    expect(quotedHtml('<a href="https://x.cl">Pincha</a> & "ya"', 100)).toBe(
      `«&lt;a href=&quot;https:${WJ}/${WJ}/${WJ}x.${WJ}cl&quot;&gt;Pincha&lt;/${WJ}a&gt; &amp; &quot;ya&quot;»`,
    );
    expect(escapeHtml(`'`)).toBe('&#39;');
  });
});
