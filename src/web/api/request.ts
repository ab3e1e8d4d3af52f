import type { ApiReply } from '../../shared/api.ts';
import { toBracketPairs, toQueryString } from '../../shared/brackets.ts';
import { transportMessages } from '../../shared/catalogue/site.ts';

/**
 * The request helper of spec/foundation.md §7: GET in bracket notation, form or multipart bodies,
 * the CSRF marker, error toasts, the offline status and the rc reactions of spec/content.md §8.
 */
export const API_BASE = '/v3.0';
export const STATUS_OFFLINE = -1;

export interface RequestOptions {
  /** Body encoding for POST/DELETE; multipart turns file lists into `name_0`, `name_1` … */
  format?: 'form' | 'multipart';
  /** Send the CSRF marker header (default true). */
  csrf?: boolean;
  /** Show a red toast on error (default true). */
  notify?: boolean;
  /** Keep GET results in memory by URL. */
  cache?: boolean;
  /** Answer a 401 by opening the auth popup and repeating after sign-in (default true). */
  authRetry?: boolean;
  /** Told of a 401 before the auth popup opens (a quiz raises `unauthorized_click`). */
  onUnauthorized?(): void;
  /** Headers of this call (the quiz calls' fingerprint). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page (analytics sent as the reader leaves; sendBeacon cannot carry the CSRF marker). */
  keepalive?: boolean;
  /** How much of the body has gone out, 0…1, as it goes (uploads); such a call travels by XMLHttpRequest. */
  onProgress?(sent: number): void;
}

export interface ApiResult<T> extends ApiReply<T> {
  /** HTTP status; -1 offline, 0 unsent. */
  status: number;
  ok: boolean;
}

/** Reactions the app installs: toasts, the auth popup, the Plus popup, the captcha. */
export interface RequestHooks {
  toast(message: string): void;
  /** Resolves true when the visitor signed in, so the request can repeat. */
  authorize(): Promise<boolean>;
  /** Resolves true when the visitor bought Plus (rc 402). */
  buyPlus?(): Promise<boolean>;
  /** Resolves with the captcha value to repeat with (rc 418), or null. */
  captcha?(data: unknown): Promise<string | null>;
}

let hooks: RequestHooks = { toast: () => {}, authorize: async () => false };
let staticVersion = '';
const cache = new Map<string, ApiResult<unknown>>();

export function installRequestHooks(next: RequestHooks) {
  hooks = next;
}
export function setStaticVersion(v: string) {
  staticVersion = v;
}

function buildBody(data: Record<string, unknown>, format: 'form' | 'multipart'): BodyInit {
  const withMode = { mode: 'raw', ...data };
  if (format === 'form') return new URLSearchParams(toBracketPairs(withMode));
  const form = new FormData();
  for (const [k, v] of toBracketPairs(withMode)) form.append(k, v);
  for (const [k, v] of Object.entries(data)) {
    if (v instanceof Blob) form.append(k, v);
    else if (Array.isArray(v) && v.length && v.every((x) => x instanceof Blob))
      v.forEach((file, i) => form.append(`${k}_${i}`, file));
  }
  return form;
}

/** fetch cannot report an upload's progress; XMLHttpRequest can. Answers a Response like fetch, rejects like it. */
function fetchWithProgress(url: string, init: RequestInit, onProgress: (sent: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, v);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => resolve(new Response(xhr.responseText, { status: xhr.status })));
    xhr.addEventListener('error', () => reject(new TypeError('network error')));
    xhr.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

const failure = <T>(status: number, rm: string, rc = status, data: unknown = {}): ApiResult<T> => ({
  status,
  rc,
  rm,
  data: data as T,
  ok: false,
});

async function send<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data: Record<string, unknown>,
  opts: RequestOptions,
): Promise<ApiResult<T>> {
  let url = path.startsWith('http') || path.startsWith('/') ? path : `${API_BASE}/${path}`;
  const init: RequestInit = { method, credentials: 'include', headers: {}, signal: opts.signal };
  if (opts.keepalive) init.keepalive = true;
  const headers = init.headers as Record<string, string>;
  Object.assign(headers, opts.headers);
  if (method === 'GET') {
    const qs = toQueryString({ mode: 'raw', ...data });
    url += (url.includes('?') ? '&' : '?') + qs;
    const hit = opts.cache ? cache.get(url) : undefined;
    if (hit) return hit as ApiResult<T>;
  } else {
    init.body = buildBody(data, opts.format ?? 'form');
    if (opts.csrf !== false) headers['X-This-Is-CSRF'] = '1';
    if (staticVersion) headers['X-Static-Version'] = staticVersion;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return failure(STATUS_OFFLINE, transportMessages.offline);
  let response: Response;
  try {
    response = opts.onProgress ? await fetchWithProgress(url, init, opts.onProgress) : await fetch(url, init);
  } catch (err) {
    if ((err as Error).name === 'AbortError') return failure(0, transportMessages.errorOccurred);
    return failure(STATUS_OFFLINE, transportMessages.offline);
  }
  let body: Partial<ApiReply<T>> | null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!body || typeof body !== 'object' || typeof body.rc !== 'number') {
    return failure(
      response.status,
      response.ok ? transportMessages.brokenReply : transportMessages.transportStatus(response.status),
    );
  }
  const result: ApiResult<T> = {
    status: response.status,
    rc: body.rc,
    rm: body.rm ?? '',
    data: (body.data ?? {}) as T,
    ok: body.rc === 200 && response.ok,
  };
  if (result.ok && method === 'GET' && opts.cache) cache.set(url, result);
  return result;
}

/**
 * Tells the reader a call failed with the action's own text (spec/content.md §8: «Не удалось скрыть запись»), and the
 * server's reason after it when the server gave one. Nothing for a 401 (the sign-in popup was the answer) nor an
 * unsent call. For calls made with `notify: false`, so one toast says it.
 */
export function reportFailure(result: ApiResult<unknown>, failed: string) {
  if (result.ok || result.rc === 401 || result.status === 0) return;
  hooks.toast(result.rm && result.status > 0 ? `${failed}: ${result.rm}` : failed);
}

/** Sends a call and reacts to its rc; resolves with the result, errors included (never rejects). */
export async function request<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data: Record<string, unknown> = {},
  opts: RequestOptions = {},
): Promise<ApiResult<T>> {
  const result = await send<T>(method, path, data, opts);
  if (result.ok) return result;
  if (result.rc === 401) opts.onUnauthorized?.();
  if (result.rc === 401 && opts.authRetry !== false && (await hooks.authorize())) {
    return request<T>(method, path, data, { ...opts, authRetry: false });
  }
  if (result.rc === 402 && hooks.buyPlus && (await hooks.buyPlus())) {
    return request<T>(method, path, data, opts);
  }
  if (result.rc === 418 && hooks.captcha) {
    const captcha = await hooks.captcha(result.data);
    if (captcha) return request<T>(method, path, { ...data, captcha }, opts);
  }
  if (opts.notify !== false && result.rm) hooks.toast(result.rm);
  return result;
}
