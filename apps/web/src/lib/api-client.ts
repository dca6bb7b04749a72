import { STORAGE_KEYS } from '@nexbyte/shared';
import { readString } from './storage';

const API_BASE = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/+$/, '');

type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** How requests leave: the browser's fetch, or the server render's in-process call to the API. */
let transport: Transport = (url, init) => fetch(url, init);

/**
 * The server render calls the API inside its own process (no socket, same catalogue cache) by
 * handing its transport here once at start.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

export const CONNECTION_ERROR_MESSAGE = 'Error de conexión con el servidor.';
const UNEXPECTED_RESPONSE_MESSAGE = 'Respuesta inesperada del servidor.';

/** A failed call: the HTTP status (0 when the server could not be reached) and its message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Message per field, when the server rejected a form. */
  readonly errors?: Record<string, string>;

  constructor(
    status: number,
    message: string,
    errors?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.status = status;
    if (errors) this.errors = errors;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: HeadersInit;
}

/**
 * The one way the app talks to the API: JSON in and out, the stored token as a Bearer header,
 * any non-2xx status thrown as an ApiError. No timeout; pass a signal to cancel.
 * Resolves to undefined when the server answers without a body (204).
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

export interface ApiPage<T> {
  items: T[];
  /** All matches on the server, not only this page (the X-Total-Count header). */
  total: number;
}

/** A list call that pages on the server: the items and the total count of matches. */
export async function apiFetchPage<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiPage<T>> {
  const { data, headers } = await apiRequest<T[]>(path, options);
  if (!Array.isArray(data)) throw new ApiError(200, UNEXPECTED_RESPONSE_MESSAGE);
  const total = Number.parseInt(headers.get('X-Total-Count') ?? '', 10);
  return { items: data, total: Number.isNaN(total) ? data.length : total };
}

/**
 * A file the API answers (a CSV export, say) as a Blob, with the same token and errors as
 * apiFetch. `accept` is the file's media type.
 */
export async function apiFetchBlob(
  path: string,
  accept: string,
  options: Omit<ApiRequestOptions, 'body'> = {},
): Promise<Blob> {
  const response = await send(path, { ...options, accept });
  if (!response.ok) throw await errorFrom(response);
  return response.blob();
}

async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions,
): Promise<{ data: T; headers: Headers }> {
  const response = await send(path, { ...options, accept: 'application/json' });
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  if (text === '') return { data: undefined as T, headers: response.headers };
  const data = parseJson(text);
  if (data === undefined) throw new ApiError(response.status, UNEXPECTED_RESPONSE_MESSAGE);
  return { data: data as T, headers: response.headers };
}

/** The request itself: headers, the stored token, and a dropped connection as an ApiError. */
async function send(
  path: string,
  options: ApiRequestOptions & { accept: string },
): Promise<Response> {
  const { method = 'GET', body, signal, headers, accept } = options;
  const request = new Headers({ Accept: accept });
  if (body !== undefined) request.set('Content-Type', 'application/json');
  const token = readString(STORAGE_KEYS.token);
  if (token) request.set('Authorization', `Bearer ${token}`);
  new Headers(headers).forEach((value, name) => request.set(name, value));

  try {
    return await transport(`${API_BASE}${path}`, {
      method,
      headers: request,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    // A cancelled request is not a failure to report; let the caller see the abort as it is.
    if (signal?.aborted) throw error;
    throw new ApiError(0, CONNECTION_ERROR_MESSAGE, undefined, { cause: error });
  }
}

/** A non-2xx answer as an ApiError with the server's message and field errors, when it sent them. */
async function errorFrom(response: Response): Promise<ApiError> {
  const data = parseJson(await response.text());
  return new ApiError(response.status, messageFrom(data), fieldErrorsFrom(data));
}

/** The parsed body, or undefined when it is empty or not JSON (an HTML error page of a proxy). */
function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function messageFrom(data: unknown): string {
  const message = isRecord(data) ? data.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : CONNECTION_ERROR_MESSAGE;
}

function fieldErrorsFrom(data: unknown): Record<string, string> | undefined {
  if (!isRecord(data) || !isRecord(data.errors)) return undefined;
  const errors = Object.fromEntries(
    Object.entries(data.errors).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return Object.keys(errors).length > 0 ? errors : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface ApiUploadOptions {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form (a photo) with the stored token, reporting the upload's progress, which
 * fetch cannot; answers and errors as apiFetch does.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  { onProgress, signal }: ApiUploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readString(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        if (data === undefined) reject(new ApiError(xhr.status, UNEXPECTED_RESPONSE_MESSAGE));
        else resolve(data as T);
      } else {
        reject(new ApiError(xhr.status, messageFrom(data), fieldErrorsFrom(data)));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, CONNECTION_ERROR_MESSAGE)));
    xhr.addEventListener('abort', () =>
      reject(new DOMException('La subida se canceló.', 'AbortError')),
    );
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
