/** A receipt's code: SHA-256 in hex (64 characters). */
const HASH = /^[0-9a-f]{64}$/;

/**
 * The hash in whatever the person pasted: the code itself (any case, with spaces or line breaks
 * from an e-mail), or the whole verification address `…/verificar/<hash>`.
 */
export function normalizeHash(input: string): string | null {
  let text = input.trim();
  const fromUrl = /\/verificar\/([^/?#\s]+)/i.exec(text);
  if (fromUrl) text = fromUrl[1]!;
  text = text.replace(/\s+/g, '').toLowerCase();
  return HASH.test(text) ? text : null;
}
