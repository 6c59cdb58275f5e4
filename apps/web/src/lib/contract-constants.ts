import type * as Contracts from '@jornada/contracts';

/*
 * Constants of @jornada/contracts needed by the initial bundle. Importing the package at run time
 * would also evaluate every zod schema it builds (and pull zod into the sign-in page's JS), so these
 * are mirrored here with the contracts' literal types: if a contract value changes, `tsc` fails.
 */
export const SESSION_TTL_MS: typeof Contracts.SESSION_TTL_MS = 7_200_000;
export const TOKEN_STORAGE_KEY: typeof Contracts.TOKEN_STORAGE_KEY = 'token';
export const PERFILES: typeof Contracts.PERFILES = ['administrador', 'supervisor', 'trabajador', 'fiscalizador'];
