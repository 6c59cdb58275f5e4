import type { CalculandoAsistencia, CalculoAsistencia } from '@jornada/contracts';
import { getEnv } from '../config/env';

/** The API answered with a non-2xx status. `message` is the server's Spanish message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Readonly<Record<string, string>>,
    /** The whole parsed answer (some 400s carry a result, e.g. a bulk upload's row errors). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A page of evaluated attendance answered 202: its period was never evaluated and the server is
 * evaluating it in its job queue. `components/evaluation-progress.tsx` follows the calculation and
 * reads the page again; a page that does not shows the server's Spanish message.
 */
export class CalculationPending extends Error {
  constructor(
    readonly calculo: CalculoAsistencia,
    message: string,
  ) {
    super(message);
    this.name = 'CalculationPending';
  }
}

function calculationOf(body: unknown): CalculandoAsistencia | null {
  if (typeof body !== 'object' || body === null) return null;
  const { estado, calculo, mensaje } = body as Partial<CalculandoAsistencia>;
  return estado === 'calculando' && typeof calculo === 'object' && calculo !== null && typeof mensaje === 'string' ? (body as CalculandoAsistencia) : null;
}

/** The request never got an answer (server down, connection lost, proxy without upstream). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('No pudimos conectar con el servidor.', { cause });
    this.name = 'NetworkError';
  }
}

interface PostOptions {
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

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

interface RequestOptions extends PostOptions {
  /** Appended as a query string; empty strings, null and undefined are left out; arrays repeat the key. */
  query?: Query;
}

/** `?a=1&b=x` from a query object (empty values skipped), or '' when nothing is left. */
function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function buildUrl(path: string, query?: Query): string {
  return `${getEnv().apiUrl}${path}${toQueryString(query)}`;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

async function failure(response: Response): Promise<Error> {
  const payload: unknown = await response.json().catch(() => null);
  const parsed = readErrorBody(payload);
  if (!parsed && GATEWAY_STATUSES.has(response.status)) return new NetworkError(`HTTP ${response.status}`);
  return new ApiError(response.status, parsed?.code ?? 'UNKNOWN', parsed?.message ?? GENERIC_MESSAGE, parsed?.fields, payload);
}

function authHeaders(options: PostOptions, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra, ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return headers;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends a JSON request to `{VITE_API_URL}{path}` and returns the parsed JSON answer (undefined for an
 * empty one, e.g. 204); throws ApiError or NetworkError.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const hasBody = method !== 'GET' && method !== 'DELETE' ? true : body !== undefined;
  const response = await send(buildUrl(path, options.query), {
    method,
    headers: authHeaders(options, hasBody ? { 'Content-Type': 'application/json' } : {}),
    // Fastify answers 400 to an empty body sent as JSON, so a body-carrying method always sends one.
    body: hasBody ? JSON.stringify(body ?? {}) : undefined,
    signal: options.signal,
  });
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  if (!text) return undefined as T;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined as T;
  }
  const pending = response.status === 202 ? calculationOf(parsed) : null;
  if (pending) throw new CalculationPending(pending.calculo, pending.mensaje);
  return parsed as T;
}

/** POSTs JSON to `{VITE_API_URL}{path}` and returns the parsed JSON answer; throws ApiError or NetworkError. */
export function apiPost<T = unknown>(path: string, body: unknown, options: PostOptions = {}): Promise<T> {
  return apiRequest<T>('POST', path, body, options);
}

export function apiGet<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>('GET', path, undefined, options);
}

/** POSTs a file as multipart/form-data (field `archivo` unless told) with extra text fields. */
export async function apiUpload<T = unknown>(
  path: string,
  file: File,
  options: RequestOptions & { field?: string; fields?: Record<string, string> } = {},
): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  form.append(options.field ?? 'archivo', file, file.name);
  const response = await send(buildUrl(path, options.query), {
    method: 'POST',
    headers: authHeaders(options),
    body: form,
    signal: options.signal,
  });
  if (!response.ok) throw await failure(response);
  return (await response.json().catch(() => undefined)) as T;
}

/** @public Named by the declarations of the features' download functions, which return it. */
export interface DownloadResult {
  blob: Blob;
  /** From Content-Disposition when the server names the file. */
  filename: string | null;
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

/**
 * GETs a file with the session token (a plain link cannot send `Authorization`), reading the body as
 * it arrives. `onProgress` receives the bytes so far and, when the server sends Content-Length, the
 * share 0..1 (null for a streamed file, whose size is known only at the end).
 */
/** How far a download is: the share of a known size, and the bytes received (a streamed file has no size until it ends). */
export interface DownloadProgress {
  fraction: number | null;
  bytes: number;
}

export async function apiDownload(
  path: string,
  options: RequestOptions & { onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<DownloadResult> {
  const response = await send(buildUrl(path, options.query), {
    method: 'GET',
    headers: { ...authHeaders(options), Accept: '*/*' },
    signal: options.signal,
  });
  if (!response.ok) throw await failure(response);
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition'));
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const total = Number(response.headers.get('Content-Length')) || 0;
  if (!response.body || !options.onProgress) return { blob: await response.blob(), filename };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  options.onProgress({ fraction: total ? 0 : null, bytes: 0 });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    options.onProgress({ fraction: total ? Math.min(1, received / total) : null, bytes: received });
  }
  return { blob: new Blob(chunks as BlobPart[], { type }), filename };
}

/** Spanish text to show for any failure of an API call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof NetworkError) return 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';
  return 'Algo salió mal. Inténtalo de nuevo.';
}
