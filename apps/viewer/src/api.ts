/** The api client: every /v1 request with the key, errors as ApiError with the api's message. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const KEY_STORE = 'moyo.apiKey';

export function storedKey(): string {
  try {
    return localStorage.getItem(KEY_STORE) ?? '';
  } catch {
    return '';
  }
}

export function storeKey(key: string): void {
  try {
    localStorage.setItem(KEY_STORE, key);
  } catch {
    // private mode: the key lives as long as the page
  }
}

/** The body as JSON, else as text. */
function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(status: number, body: unknown): string {
  const m = (body as { message?: unknown } | null)?.message;
  const text = Array.isArray(m) ? m.join('; ') : typeof m === 'string' ? m : '';
  return text ? `${status}: ${text}` : `HTTP ${status}`;
}

export class Api {
  constructor(readonly key: string) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { Authorization: `Bearer ${this.key}`, ...extra };
  }

  async json<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(path, { ...init, headers: { ...this.headers(), ...(init.headers ?? {}) } });
    const body = parseBody(await res.text());
    if (!res.ok) throw new ApiError(res.status, messageOf(res.status, body));
    return body as T;
  }

  /** GET with an ETag: null when the answer is 304 (unchanged). */
  async jsonIfChanged<T>(
    path: string,
    etag: string | null,
    signal?: AbortSignal,
  ): Promise<{ body: T; etag: string | null } | null> {
    const extra: Record<string, string> = etag ? { 'If-None-Match': etag } : {};
    const res = await fetch(path, { headers: this.headers(extra), cache: 'no-store', signal });
    if (res.status === 304) return null;
    const body = parseBody(await res.text());
    if (!res.ok) throw new ApiError(res.status, messageOf(res.status, body));
    return { body: body as T, etag: res.headers.get('ETag') };
  }

  /** A file download (the SGF export) as text and its suggested name. */
  async download(path: string): Promise<{ text: string; filename: string }> {
    const res = await fetch(path, { headers: this.headers() });
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, messageOf(res.status, parseBody(text)));
    const disposition = res.headers.get('Content-Disposition') ?? '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'moyo.sgf';
    return { text, filename: name };
  }
}
