/**
 * Text a company wrote (a person's name, its razón social) inside e-mails Jornada sends to addresses
 * that company chose. Such text never goes in a subject, and in a body it goes only through `quoted`:
 * one line, capped, in «…», and unable to become a link. Otherwise a self-registered company could
 * send its own wording under Jornada's name (spam, phishing).
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Longest name quoted in an e-mail (longer ones end in «…»). */
export const QUOTED_NAME_MAX = 80;
/** Longest razón social quoted in an e-mail. */
export const QUOTED_COMPANY_MAX = 100;

/** U+2060 WORD JOINER: invisible, not a space, not part of any host name or URL. */
const WORD_JOINER = '\u2060';

/**
 * `text` made safe to quote: control, format and separator characters (newlines, bidirectional
 * overrides, zero-width characters) removed; runs of spaces made one; the guillemets that delimit the
 * quote replaced by straight quotes, so the text cannot close its quote and seem to be Jornada's; at
 * most `max` characters. Last, a word joiner after every `.`, `@`, `:` and `/`: mail clients turn
 * text that looks like a domain, an address or a URL («banco.cl», «www.x.com/login») into a link,
 * and the joiner, invisible, breaks the pattern they look for. Removing those characters would
 * change the name; rendering them as images or with look-alike characters would change what it says.
 */
export function tenantText(text: string, max: number): string {
  const clean = text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}]/gu, ' ')
    .replace(/[«»]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(clean);
  const capped = chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : clean;
  return capped.replace(/[.@:/]/g, (c) => `${c}${WORD_JOINER}`);
}

/** `«text»` for a plain-text body (see tenantText). */
export function quoted(text: string, max: number): string {
  return `«${tenantText(text, max)}»`;
}

/** `«text»` for an HTML body: quoted, then escaped. */
export function quotedHtml(text: string, max: number): string {
  return escapeHtml(quoted(text, max));
}

/**
 * The HTML of an e-mail that asks to open one link (invitation, password reset, company e-mail
 * confirmation): greeting, the lead paragraph, the button, how long the link lasts with the link
 * itself to copy, the closing paragraphs and the signature. `lead` and `after` are HTML already
 * escaped by the caller; the button label, the link and `lasts` are escaped here.
 */
export function linkMailHtml(input: { lead: string; button: string; link: string; lasts: string; after: readonly string[] }): string {
  const link = escapeHtml(input.link);
  return `<!doctype html>
<html lang="es-CL">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>Hola:</p>
    <p>${input.lead}</p>
    <p><a href="${link}" style="display: inline-block; padding: 10px 16px; background: #0b7285; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(input.button)}</a></p>
    <p>El enlace vence en ${escapeHtml(input.lasts)} y sirve una sola vez. Si el botón no funciona, copia esta dirección en tu navegador:<br>${link}</p>
${input.after.map((paragraph) => `    <p>${paragraph}</p>\n`).join('')}    <p>Jornada</p>
  </body>
</html>
`;
}
