import { hash, verify } from '@node-rs/argon2';
import { normalizePassword } from '@jornada/domain';

// argon2id is the library's default algorithm; these are OWASP's baseline costs (19 MiB, 2 passes),
// about 20-40 ms per hash on the project's machines.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a secret (password, PIN, inspector key) in its normalised form (packages/domain's
 * normalizePassword: NFKC, invisible characters removed), the form the policy checked; sign-up,
 * an administrator's creation, the reset link and every verification go through here.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), OPTIONS);
}

let dummyHash: Promise<string> | undefined;

async function matches(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifies a password against its normalised form; with no stored hash (unknown RUT) it verifies
 * against a throw-away hash so both cases cost the same time and cannot be told apart. A hash stored
 * before passwords were normalised was made from the text as typed: when normalising changes the
 * text, that form is tried too, so those passwords keep working.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const normalized = normalizePassword(password);
  if (storedHash === null) {
    dummyHash ??= hash('jornada-sin-cuenta', OPTIONS);
    await matches(await dummyHash, normalized);
    return false;
  }
  if (await matches(storedHash, normalized)) return true;
  return normalized !== password && (await matches(storedHash, password));
}
