import {
  CSRF_HEADER,
  CSRF_VALUE,
  TWO_FACTOR_REQUIRED,
  type ApiErrorBody,
  type ErrorCode,
  type ErrorMatch,
} from '@shared/http/errors';

/** The server's codes, and the browser's own: an answer that was not JSON, a stream that ended early. */
export type ApiErrorCode = ErrorCode | 'HTTP_ERROR' | 'INTERRUPTED';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The record the refused write would have duplicated, when the user may see it. */
    readonly match?: ErrorMatch,
  ) {
    super(message);
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

const sessionEndedListeners = new Set<() => void>();
const twoFactorRequiredListeners = new Set<() => void>();

/**
 * Called whenever the server answers that this browser's session is over (signed out in another tab, expired, the
 * account deactivated). A wrong password at sign-in is not that: it answers INVALID_CREDENTIALS.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * Called when the server answers that this session must set up two-factor sign-in first (the security settings
 * changed while it was in use): the session is read again, and the guards send the tab to the set-up.
 */
export function onTwoFactorRequired(listener: () => void): () => void {
  twoFactorRequiredListeners.add(listener);
  return () => twoFactorRequiredListeners.delete(listener);
}

/** JSON over fetch with the session cookie and Torque's CSRF header; errors become ApiError. */
export async function api<T>(path: string, { method = 'GET', body, signal }: Options = {}): Promise<T> {
  const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_VALUE };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined || method !== 'GET') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }
  const response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal });
  if (response.status === 204) return undefined as T;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as ApiErrorBody | null)?.error;
    if (response.status === 401 && error?.code === 'UNAUTHORIZED') sessionEndedListeners.forEach((listener) => listener());
    if (response.status === 403 && error?.code === TWO_FACTOR_REQUIRED)
      twoFactorRequiredListeners.forEach((listener) => listener());
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? response.statusText,
      error?.fields,
      error?.match,
    );
  }
  return data as T;
}

/**
 * A file posted as `api` posts FormData, telling `onProgress` the share sent so far (0 to 1): fetch cannot report an
 * upload's progress, XMLHttpRequest can.
 */
export function uploadWithProgress<T>(path: string, body: FormData, onProgress: (sent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader(CSRF_HEADER, CSRF_VALUE);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new ApiError(0, 'INTERRUPTED', 'The upload was interrupted. Please try again.'));
    request.onload = () => {
      const data = (() => {
        try {
          return JSON.parse(request.responseText) as unknown;
        } catch {
          return null;
        }
      })();
      if (request.status >= 200 && request.status < 300) return resolve(data as T);
      const error = (data as ApiErrorBody | null)?.error;
      if (request.status === 401 && error?.code === 'UNAUTHORIZED') sessionEndedListeners.forEach((listener) => listener());
      reject(new ApiError(request.status, error?.code ?? 'HTTP_ERROR', error?.message ?? request.statusText, error?.fields));
    };
    request.send(body);
  });
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** Query-string values as the API takes them: empty ones left out. */
export function toSearchParams(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  return params.toString();
}

/** Queries retry once after a network or server failure, never after a 4xx: asking again would get the same answer. */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  return failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}
