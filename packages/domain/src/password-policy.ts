/**
 * Passwords people pick first and attackers try first (global lists plus Chilean favourites).
 * Only entries of 8 or more characters matter: shorter ones already fail the length rule.
 */
const COMMON_PASSWORDS = new Set(
  [
    '12345678', '123456789', '1234567890', '0123456789', '87654321', '987654321', '11111111', '00000000', '22222222',
    '88888888', '12341234', '11223344', '12344321', '12121212', '123123123', '147258369', '159753456', '123456789a',
    'password', 'password1', 'password12', 'password123', 'passw0rd', 'p4ssw0rd', 'qwertyui', 'qwerty123', 'qwerty12',
    'qwertyuiop', 'asdfghjk', 'asdfghjkl', 'zxcvbnm1', 'zxcvbnm123', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'qazwsxedc',
    'abc12345', 'abcd1234', 'abcdefgh', 'a1b2c3d4', 'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football',
    'baseball', 'whatever', 'trustno1', 'letmein1', 'superman', 'starwars', 'welcome1', 'welcome123', 'michelle',
    'jennifer', 'computer', 'internet', 'master12', 'dragon12', 'monkey12', 'shadow12', 'pokemon1', 'azerty123',
    'contraseña', 'contrasena', 'contraseña1', 'contrasena1', 'contraseña123', 'contrasena123', 'clave123', 'miclave1',
    'miclave123', 'tequiero', 'tequiero1', 'teamo123', 'teamomucho', 'princesa', 'princesa1', 'mariposa', 'estrella',
    'corazon1', 'corazon123', 'futbol12', 'futbol123', 'colocolo', 'colocolo1', 'colocolo91', 'launiversidad',
    'universidad', 'udechile', 'wanderers', 'chile123', 'chile1234', 'chile2023', 'chile2024', 'chile2025', 'chile2026',
    'chilecito', 'santiago', 'santiago1', 'valparaiso', 'concepcion', 'bienvenido', 'bienvenida', 'bienvenido1',
    'administrador', 'admin123', 'admin1234', 'administrator', 'usuario1', 'usuario123', 'jornada1', 'jornada123',
    'empresa1', 'empresa123', 'trabajo1', 'trabajo123', 'asistencia', 'recursos', 'rrhh1234', 'supervisor',
    'trabajador', 'cambiame', 'cambiar1', 'cambiar123', 'temporal', 'temporal1', 'temporal123', 'facebook',
    'facebook1', 'instagram', 'samsung1', 'iphone12', 'celular1', 'nokia123', 'sebastian', 'valentina', 'catalina',
    'francisca', 'fernanda', 'benjamin', 'martina1', 'florencia', 'ignacio1', 'matias123', 'nicolas1', 'cristian',
    'alejandro', 'gabriela', 'carolina', 'antonia1', 'josefina', 'angelito', 'chocolate', 'mimamamemima', 'dios1234',
    'jesus123', 'diosesamor', 'pokemon123', 'naruto123', 'minecraft', 'fortnite', 'demo1234',
  ].map(normalize),
);

function normalize(password: string): string {
  return password.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** True when the password is one that guessing attacks try first: a known list, one repeated character, or a plain run like 23456789. */
export function isCommonPassword(password: string): boolean {
  const plain = normalize(password);
  if (COMMON_PASSWORDS.has(plain)) return true;
  if (/^(.)\1+$/u.test(plain)) return true;
  const codes = [...plain].map((c) => c.codePointAt(0)!);
  const step = codes.length > 1 ? codes[1]! - codes[0]! : 0;
  return Math.abs(step) === 1 && codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

/** Fewest characters a password has once its spaces are trimmed and runs of spaces count as one. */
export const MIN_PASSWORD_CHARS = 8;

/**
 * Characters that print nothing: format characters (Unicode category Cf: zero-width space, joiners,
 * word joiner, BOM, soft hyphen, bidi marks) and the other default-ignorable code points (variation
 * selectors, Hangul fillers, combining grapheme joiner).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The form of a password that is checked and hashed: NFKC (full-width `８` is `8`, a decomposed
 * `o\u0301` is `ó`) without invisible characters, so `1234\u200b5678` has 8 characters, not 9, and the
 * same password typed on another keyboard or pasted with a zero-width space still signs in. Applied
 * wherever a password is set or verified (apps/api/src/lib/passwords.ts hashes and verifies this form).
 */
export function normalizePassword(password: string): string {
  return password.replace(INVISIBLE, '').normalize('NFKC').replace(INVISIBLE, '');
}

/** Why a new password is refused (ASVS 2.1; the wording is the contracts' business). */
export type PasswordProblem = 'solo_espacios' | 'corta' | 'comun' | 'datos_personales';

/** Who the password is for, when known: a password made of their own RUT or e-mail is guessed first. */
export interface PasswordContext {
  rut?: string | null;
  email?: string | null;
}

const letterDigits = (text: string) => normalize(text).replace(/[^\p{L}\p{N}]/gu, '');

function containsPersonalData(password: string, context: PasswordContext): boolean {
  const plain = letterDigits(password);
  const rutBody = (context.rut ?? '').replace(/[^0-9kK]/g, '').replace(/[0-9kK]$/, '');
  if (rutBody.length >= 7 && plain.includes(rutBody)) return true;
  const local = letterDigits((context.email ?? '').split('@')[0] ?? '');
  return local.length >= 4 && plain.includes(local);
}

/**
 * The one password policy of the product, for every place a password is set (sign-up, an
 * administrator's creation, the reset link), on its normalised form (normalizePassword): spaces
 * are allowed but do not count twice (a password
 * of only whitespace, or short once its spaces are collapsed, is refused), no composition rules, and
 * the common-password list and the person's own RUT or e-mail are refused. `null` when acceptable.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): PasswordProblem | null {
  const collapsed = normalizePassword(password).trim().replace(/\s+/gu, ' ');
  if (collapsed === '') return 'solo_espacios';
  if ([...collapsed].length < MIN_PASSWORD_CHARS) return 'corta';
  if (isCommonPassword(collapsed) || isCommonPassword(collapsed.replace(/\s/gu, ''))) return 'comun';
  if (containsPersonalData(collapsed, context)) return 'datos_personales';
  return null;
}
