/**
 * The request layer of console-spec §7–§9, written against injected dependencies (fetch, storage, timers, feedback)
 * so every rule can be tested without a browser. `./index.ts` binds it to the browser.
 *
 * Calls always resolve (never reject): with the envelope `{code, data, msg}`, with the body itself when the server
 * answered plain text, or with a code the layer produced (-100 transport, -200 search time-out, -300 cancelled).
 */
import { KEEP_ON_CLEAR, STORAGE_KEYS } from '../storage-keys';
import {
  API_BASE,
  CAPTAIN_COLONY,
  CAPTAIN_PLATFORM,
  CAPTAIN_PREFIX,
  CODE_CANCELLED,
  CODE_OK,
  CODE_RELOGIN,
  CODE_SEARCH_TIMEOUT,
  CODE_SIGNED_OUT,
  CODE_SILENT,
  CODE_TRANSPORT,
  LOGIN_PATH,
  NO_500_DIALOG,
  NOT_FOUND_NOTICE_MS,
  cancelGroupOf,
  isSilentTimeoutCall,
  timeoutFor,
} from './config';
import { readRequestContext, type RequestContext, type Trusteeship } from './context';
import type { LoadingCounter, Timers } from './loading';
import type { Answer, Envelope, Feedback, KeyValueStorage, Payload, RequestConfig } from './types';

export interface RequestDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  storage: KeyValueStorage;
  /** Writes (or, with null, deletes) the `x-token` cookie the host reads. */
  setTokenCookie: (token: string | null) => void;
  location: () => { pathname: string; hostname: string };
  lang: () => string;
  feedback: Feedback;
  openLoginDialog: () => void;
  /** The HTTP 500 dialog's 'clear cache' answer: clear everything and sign out. */
  forceLogout: () => void;
  /** The stored session changed (token replaced by `new-token`, or cleared on code 100). */
  onSessionChange: () => void;
  loading: LoadingCounter;
  timers: Timers;
  log: (...args: unknown[]) => void;
}

export interface RequestClient {
  request: <T>(config: RequestConfig) => Promise<Answer<T>>;
}

type AbortReason = 'timeout' | 'superseded' | 'caller';

/** A scalar as text, anything else as JSON. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  // JSON.stringify answers undefined for undefined and functions, whatever its type says
  const json = JSON.stringify(value) as string | undefined;
  return json ?? '';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return isRecord(v) && typeof v.code === 'number';
}

function decodeHeader(value: string | null): string | null {
  if (value === null || value === '') return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function transport(code: number, msg = ''): Envelope<null> {
  return { code, data: null, msg };
}

/** `/captain` + path for a colony-7 trusteeship, unless already there or on that colony's own host (§6). */
export function applyCaptainPrefix(path: string, trusteeship: Trusteeship | null, hostname: string): string {
  if (trusteeship?.colonyId !== CAPTAIN_COLONY) return path;
  if (path === CAPTAIN_PREFIX || path.startsWith(`${CAPTAIN_PREFIX}/`)) return path;
  if (trusteeship.domain !== null && trusteeship.domain.toLowerCase() === hostname.toLowerCase()) return path;
  return `${CAPTAIN_PREFIX}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The fields every payload carries (§3 "Request enrichment"); nulls are left out. */
export function enrichment(ctx: RequestContext, lang: string, hostname: string): Payload {
  const out: Payload = { lang, domain: hostname };
  if (ctx.entId !== null) out.enterprise = ctx.entId;
  if (ctx.colonyId !== null) out.colonyId = ctx.colonyId;
  if (ctx.restrict !== null && ctx.restrict !== undefined) out.restrict = ctx.restrict;
  if (ctx.ip !== null) out.ip = ctx.ip;
  if (ctx.trusteeship?.colonyId === CAPTAIN_COLONY) {
    out.platform = CAPTAIN_PLATFORM;
    out.domain = ctx.trusteeship.domain ?? hostname;
  }
  return out;
}

function appendValue(parts: string[], key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendValue(parts, key, item);
    return;
  }
  parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(toText(value))}`);
}

export function buildQuery(params: Payload): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(params)) appendValue(parts, k, v);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

interface Prepared {
  url: string;
  path: string;
  init: RequestInit;
}

function prepare(config: RequestConfig, ctx: RequestContext, deps: RequestDeps): Prepared {
  const method = config.method ?? 'POST';
  const base = config.base ?? API_BASE;
  const { hostname } = deps.location();
  const path = applyCaptainPrefix(config.url, ctx.trusteeship, hostname);
  const extra = config.noEnrich ? {} : enrichment(ctx, deps.lang(), hostname);
  const headers: Record<string, string> = {};
  const token = config.url === LOGIN_PATH && ctx.altToken ? ctx.altToken : ctx.token;
  if (token) headers['x-token'] = token;
  if (ctx.entId !== null) headers['x-ent-id'] = String(ctx.entId);

  let params: Payload = { ...(config.params ?? {}) };
  let body: BodyInit | undefined;
  const data = config.data;
  if (method === 'GET') {
    params = { ...extra, ...(isRecord(data) && !(data instanceof FormData) ? data : {}), ...params };
  } else if (typeof FormData !== 'undefined' && data instanceof FormData) {
    for (const [k, v] of Object.entries(extra)) {
      if (!data.has(k) && v !== undefined && v !== null) data.append(k, toText(v));
    }
    body = data;
  } else {
    headers['Content-Type'] = 'application/json';
    const payload = Array.isArray(data) ? data : { ...extra, ...((data ?? {}) as Payload) };
    body = JSON.stringify(payload);
  }
  Object.assign(headers, config.headers ?? {});
  return { url: `${base}${path}${buildQuery(params)}`, path, init: { method, headers, body } };
}

export function createRequestClient(deps: RequestDeps): RequestClient {
  const inflight = new Map<string, AbortController>();

  function signedOut(): void {
    const { pathname } = deps.location();
    if (/^\/login(?:[/?#]|$)/i.test(pathname)) return;
    if (!/^\/(?:df|mf)\//i.test(pathname)) {
      deps.storage.clearExcept(KEEP_ON_CLEAR);
      deps.setTokenCookie(null);
      deps.onSessionChange();
    }
    deps.openLoginDialog();
  }

  function handleEnvelope<T>(env: Envelope<T>, res: Response, quiet: boolean): Envelope<T> {
    const headerMsg = decodeHeader(res.headers.get('msg'));
    const msg = typeof env.msg === 'string' ? env.msg : '';
    if (env.code === CODE_OK || res.headers.get('success') === 'true') {
      return { ...env, msg: headerMsg ?? msg };
    }
    if (CODE_SILENT.includes(env.code)) return env;
    if (env.code === CODE_SIGNED_OUT) {
      signedOut();
      return env;
    }
    if (env.code === CODE_RELOGIN || (isRecord(env.data) && env.data.reload === true)) {
      deps.openLoginDialog();
      return env;
    }
    const text = msg || headerMsg;
    if (quiet) return { ...env, msg: text ?? '' };
    deps.feedback.toast({
      type: 'error',
      message: text ? { text } : { key: 'request.failed', params: { code: env.code } },
      closable: true,
    });
    return env;
  }

  function handleHttpError(status: number, path: string, parsed: unknown): Envelope<unknown> {
    const env = isEnvelope(parsed) ? { code: parsed.code, data: parsed.data, msg: typeof parsed.msg === 'string' ? parsed.msg : '' } : null;
    if (status === 500) {
      if (!NO_500_DIALOG.some((p) => path.includes(p))) {
        void deps.feedback
          .confirm({
            title: { key: 'request.serverErrorTitle' },
            message: { key: 'request.serverErrorBody', params: { path } },
            confirmLabel: { key: 'request.clearCache' },
            cancelLabel: { key: 'actions.cancel' },
            tone: 'danger',
          })
          .then((ok) => {
            if (ok) deps.forceLogout();
          });
      }
    } else if (status === 404) {
      deps.feedback.toast({
        type: 'error',
        message: { key: 'request.notRegistered', params: { path } },
        closable: true,
        durationMs: NOT_FOUND_NOTICE_MS,
      });
    } else {
      deps.feedback.toast({
        type: 'error',
        message: env?.msg ? { text: env.msg } : { key: 'request.httpError', params: { status } },
        closable: true,
      });
    }
    return env ?? transport(CODE_TRANSPORT, `HTTP ${status}`);
  }

  async function request<T>(config: RequestConfig): Promise<Answer<T>> {
    const ctx = readRequestContext(deps.storage);
    let prepared: Prepared;
    try {
      prepared = prepare(config, ctx, deps);
    } catch (err) {
      // a request that could not even be built (e.g. a payload that does not serialise)
      deps.log('[request] could not build', config.url, err);
      deps.feedback.toast({ type: 'error', message: { key: 'request.requestError', params: { path: config.url } }, closable: true });
      return transport(CODE_TRANSPORT) as Envelope<T>;
    }
    const { url, path, init } = prepared;

    const controller = new AbortController();
    // why the controller fired (kept in an object: it is set from callbacks)
    const why: { reason: AbortReason | null } = { reason: null };
    const abort = (reason: AbortReason) => {
      why.reason ??= reason;
      controller.abort();
    };
    const group = config.noSupersede ? null : cancelGroupOf(config.url);
    if (group !== null) {
      const previous = inflight.get(group);
      if (previous) previous.abort();
      inflight.set(group, controller);
    }
    const onCallerAbort = () => {
      abort('caller');
    };
    if (config.signal?.aborted) abort('caller');
    config.signal?.addEventListener('abort', onCallerAbort);
    // a superseded call's controller is aborted from outside: record why before fetch notices
    controller.signal.addEventListener('abort', () => {
      why.reason ??= 'superseded';
    });
    const timer = deps.timers.setTimeout(() => {
      abort('timeout');
    }, config.timeout ?? timeoutFor(config.url));
    const end = config.noLoading ? () => undefined : deps.loading.start();

    try {
      const res = await deps.fetch(url, { ...init, signal: controller.signal });
      const newToken = res.headers.get('new-token');
      if (newToken) {
        deps.storage.set(STORAGE_KEYS.token, newToken);
        deps.setTokenCookie(newToken);
        deps.onSessionChange();
      }
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? '' : (JSON.parse(text) as unknown);
      } catch {
        parsed = text;
      }
      if (!res.ok) return handleHttpError(res.status, path, parsed) as Envelope<T>;
      if (isEnvelope(parsed)) return handleEnvelope(parsed as Envelope<T>, res, config.noErrorToast === true);
      // plain text (CSV, a bare string): returned as is
      return typeof parsed === 'string' ? parsed : text;
    } catch (err) {
      if (why.reason === 'superseded' || why.reason === 'caller') {
        deps.log('[request] cancelled', path);
        return transport(CODE_CANCELLED, 'cancelled') as Envelope<T>;
      }
      if (why.reason === 'timeout') {
        if (isSilentTimeoutCall(config.url)) return transport(CODE_SEARCH_TIMEOUT, 'timeout') as Envelope<T>;
        void deps.feedback.confirm({
          title: { key: 'request.timeoutTitle' },
          message: { key: 'request.timeout', params: { path } },
          confirmLabel: { key: 'request.retryLater' },
          cancelLabel: null,
        });
        return transport(CODE_TRANSPORT, 'timeout') as Envelope<T>;
      }
      deps.log('[request] no response', path, err);
      return transport(CODE_TRANSPORT, err instanceof Error ? err.message : String(err)) as Envelope<T>;
    } finally {
      deps.timers.clearTimeout(timer);
      end();
      config.signal?.removeEventListener('abort', onCallerAbort);
      if (group !== null && inflight.get(group) === controller) inflight.delete(group);
    }
  }

  return { request };
}
