/**
 * The request layer bound to the browser: fetch, localStorage, the `x-token` cookie, the feedback host, the login
 * dialog and the loading overlay. Nothing here runs at import time, so server-rendered modules may import it (they
 * only call it from effects and event handlers).
 */
import { feedback } from '../feedback';
import { normalizeLang } from '../state';
import { browserStorage, clearSession, loginDialog, notifySession, setTokenCookie } from '../session';
import { createRequestClient, type RequestClient } from './client';
import { LOADING_DELAY_MS } from './config';
import { createLoadingCounter } from './loading';
import type { Answer, Method, Payload, RequestConfig } from './types';

export const loading = createLoadingCounter(
  {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => {
      window.clearTimeout(id as number);
    },
  },
  LOADING_DELAY_MS,
);

let client: RequestClient | null = null;

function browserClient(): RequestClient {
  client ??= createRequestClient({
    fetch: (input, init) => window.fetch(input, init),
    storage: browserStorage,
    setTokenCookie,
    location: () => ({ pathname: window.location.pathname, hostname: window.location.hostname }),
    lang: () => normalizeLang(document.documentElement.lang),
    feedback,
    openLoginDialog: () => {
      loginDialog.open();
    },
    forceLogout: () => {
      clearSession();
      window.location.assign('/login');
    },
    onSessionChange: notifySession,
    loading,
    timers: {
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (id) => {
        window.clearTimeout(id as number);
      },
    },
    log: (...args) => {
      console.info(...args);
    },
  });
  return client;
}

export function request<T>(config: RequestConfig): Promise<Answer<T>> {
  return browserClient().request<T>(config);
}

type Options = Omit<RequestConfig, 'url' | 'method' | 'data'>;

/** Shorthands: `api.post<T>('/user/getUserList_recons', {page: 1})`. */
export const api = {
  get: <T>(url: string, params?: Payload, opts: Options = {}) => request<T>({ ...opts, url, method: 'GET', params: { ...params, ...opts.params } }),
  post: <T>(url: string, data?: RequestConfig['data'], opts: Options = {}) => request<T>({ ...opts, url, method: 'POST', data }),
  put: <T>(url: string, data?: RequestConfig['data'], opts: Options = {}) => request<T>({ ...opts, url, method: 'PUT', data }),
  delete: <T>(url: string, data?: RequestConfig['data'], opts: Options = {}) => request<T>({ ...opts, url, method: 'DELETE', data }),
  send: <T>(method: Method, url: string, data?: RequestConfig['data'], opts: Options = {}) => request<T>({ ...opts, url, method, data }),
};

export type { Answer, Envelope, RequestConfig } from './types';
