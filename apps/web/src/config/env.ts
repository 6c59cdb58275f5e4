/** Shown (and thrown) when the build-time configuration lacks a required value (spec section 8). */
export const ENV_ERROR_MESSAGE = 'Problemas al cargar las variables de entorno';

export class EnvError extends Error {
  constructor(readonly missing: readonly string[]) {
    super(ENV_ERROR_MESSAGE);
    this.name = 'EnvError';
  }
}

interface AppEnv {
  /** Base of every API call, without a trailing slash (default `/api`). */
  apiUrl: string;
  /** Key of the maps service (OpenStreetMap tiles need none, but the value must be configured). */
  mapsKey: string;
  /** App version string shown in the UI. */
  version: string;
  /** Vite mode name: `development`, `production`, `test`... */
  mode: string;
  production: boolean;
}

type RawEnv = Record<string, string | boolean | undefined>;

const text = (value: string | boolean | undefined): string => (typeof value === 'string' ? value.trim() : '');

/** Validates the raw `import.meta.env`; throws EnvError with the spec's message when a required value is missing. */
export function parseEnv(raw: RawEnv): AppEnv {
  const apiUrl = text(raw.VITE_API_URL);
  const mapsKey = text(raw.VITE_MAPS_KEY);
  const missing = [!apiUrl && 'VITE_API_URL', !mapsKey && 'VITE_MAPS_KEY'].filter((m): m is string => Boolean(m));
  if (missing.length > 0) throw new EnvError(missing);
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    mapsKey,
    version: text(raw.VITE_VERSION) || '0.0.0',
    mode: text(raw.MODE) || 'production',
    production: raw.PROD === true,
  };
}

let cached: AppEnv | undefined;

/** The validated configuration, parsed once. */
export function getEnv(): AppEnv {
  cached ??= parseEnv(import.meta.env as unknown as RawEnv);
  return cached;
}
