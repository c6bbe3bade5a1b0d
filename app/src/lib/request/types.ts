import type { ApiBase } from './config';

/** The answer envelope of every call (console-spec §7): code 0 = success. */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/** What a call resolves with: the envelope, or the body itself when the server answered plain text (CSV…). */
export type Answer<T> = Envelope<T> | string;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Payload = Record<string, unknown>;

export interface RequestConfig {
  /** Path relative to the base, e.g. `/user/getUserList_recons`. */
  url: string;
  /** Default POST (console-spec §7 "Unless noted, calls are POST with a JSON body"). */
  method?: Method;
  /** Default `/api`. */
  base?: ApiBase;
  /** JSON body (POST/PUT/DELETE) or, for GET, merged into the query string. FormData is sent as multipart. */
  data?: Payload | FormData | readonly unknown[];
  /** Query string values (undefined and null are left out). */
  params?: Payload;
  /** Milliseconds; default from the per-call table (config.ts). */
  timeout?: number;
  /** Per-call opt-out of the loading overlay. */
  noLoading?: boolean;
  /**
   * The caller shows a refusal itself (inline): an answer with a code other than 0, 8, 500, 100 or 502 is returned
   * without the error toast. Sign-out (100) and re-login (502) are still handled by the layer.
   */
  noErrorToast?: boolean;
  /**
   * A lookup beside the list (the options of a picker, an export): it neither cancels nor is cancelled by the list
   * call of its kind (web/car/list, web/device/list, web/car/data_list).
   */
  noSupersede?: boolean;
  /** Leave the payload as given (no lang/domain/enterprise/colonyId/restrict/ip). */
  noEnrich?: boolean;
  /** The caller's own cancellation (e.g. react-query's), on top of time-out and supersession. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A user-facing text: an i18n key in the `common` namespace (with values) or a server-supplied text. */
export type Message = { key: string; params?: Record<string, string | number> } | { text: string };

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastRequest {
  type: ToastType;
  message: Message;
  closable?: boolean;
  /** Default 3000 ms; 0 keeps it until closed. */
  durationMs?: number;
}

export interface ConfirmRequest {
  title: Message;
  message: Message;
  confirmLabel: Message;
  /** null: a single button (acknowledge only). */
  cancelLabel?: Message | null;
  tone?: 'danger' | 'default';
}

/** The user-facing side effects of the request layer, implemented by the React feedback host. */
export interface Feedback {
  toast: (toast: ToastRequest) => void;
  confirm: (confirm: ConfirmRequest) => Promise<boolean>;
}

export interface KeyValueStorage {
  get: (key: string) => string | null;
  set: (key: string, value: string) => void;
  remove: (key: string) => void;
  /** Removes every key except those listed. */
  clearExcept: (keep: readonly string[]) => void;
}
