import { getEnv } from '../config/env';

/** The API answered with a non-2xx status. `message` is the server's Spanish message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer (server down, connection lost, proxy without upstream). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('No pudimos conectar con el servidor.', { cause });
    this.name = 'NetworkError';
  }
}

export interface PostOptions {
  /** Session token sent as `Authorization: Bearer`. */
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const GENERIC_MESSAGE = 'El servidor respondió con un error.';
/** Statuses a reverse proxy (or Vite's dev proxy) answers when the API itself is down. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

function readErrorBody(body: unknown): { code: string; message: string; fields?: Record<string, string> } | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  const cleanFields =
    typeof fields === 'object' && fields !== null
      ? Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : undefined;
  return { code: typeof code === 'string' ? code : 'UNKNOWN', message, fields: cleanFields };
}

/** POSTs JSON to `{VITE_API_URL}{path}` and returns the parsed JSON answer; throws ApiError or NetworkError. */
export async function apiPost<T = unknown>(path: string, body: unknown, options: PostOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(`${getEnv().apiUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = readErrorBody(payload);
    if (!parsed && GATEWAY_STATUSES.has(response.status)) throw new NetworkError(`HTTP ${response.status}`);
    throw new ApiError(response.status, parsed?.code ?? 'UNKNOWN', parsed?.message ?? GENERIC_MESSAGE, parsed?.fields);
  }
  return payload as T;
}
