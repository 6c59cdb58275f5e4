import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: fits in a header, a JSON body and a link path. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash; a fast hash is enough because the tokens themselves are random. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
