import { hash, verify } from '@node-rs/argon2';

// argon2id is the library's default algorithm; these are OWASP's baseline costs (19 MiB, 2 passes),
// about 20-40 ms per hash on the project's machines.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash (unknown RUT) it verifies against a throw-away hash
 * so both cases cost the same time and cannot be told apart.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hash('jornada-sin-cuenta', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
