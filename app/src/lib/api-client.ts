/**
 * The one place that talks to the server API: `{code, data, msg}` envelopes (console-spec §7), JSON bodies, x-token.
 * Browser only.
 */
export interface ApiEnvelope<T> {
  code: number;
  data: T;
  msg: string;
}

export type ApiResult<T> =
  | { ok: true; data: T; msg: string }
  | { ok: false; kind: 'api'; code: number; msg: string }
  | { ok: false; kind: 'http'; status: number; msg: string }
  | { ok: false; kind: 'network'; msg: string };

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

export const API_BASE = '/api';

export async function postJson<T>(path: string, body: unknown, opts: { token?: string | null } = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (opts.token) headers['x-token'] = opts.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch (err) {
    return { ok: false, kind: 'network', msg: err instanceof Error ? err.message : String(err) };
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (isEnvelope(payload)) {
    const msg = typeof payload.msg === 'string' ? payload.msg : '';
    if (payload.code === 0) return { ok: true, data: payload.data as T, msg };
    return { ok: false, kind: 'api', code: payload.code, msg };
  }
  return { ok: false, kind: 'http', status: response.status, msg: response.statusText };
}
