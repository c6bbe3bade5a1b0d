/**
 * The constants of the request layer (console-spec §7–§9). Paths are relative to the base (`/api` or `/tapi`).
 */
export const API_BASE = '/api';
export const TAPI_BASE = '/tapi';
export type ApiBase = typeof API_BASE | typeof TAPI_BASE;

export const DEFAULT_TIMEOUT_MS = 15_000;
export const LONG_TIMEOUT_MS = 9_999_999;
export const UPLOAD_TIMEOUT_MS = 99_999;
export const TRACK_ANALYSIS_TIMEOUT_MS = 99_999_999;

/** The overlay appears only when a call is still pending after this long (§4, §9). */
export const LOADING_DELAY_MS = 400;
/** How long the 'interface unregistered' notice stays (§8, §9). */
export const NOT_FOUND_NOTICE_MS = 6_000;

/** Result codes the layer itself produces (§8). */
export const CODE_OK = 0;
export const CODE_TRANSPORT = -100;
export const CODE_SEARCH_TIMEOUT = -200;
/** A call superseded by a newer one of the same kind, or cancelled by its caller: only logged. */
export const CODE_CANCELLED = -300;

/** Body codes with their own handling (§7 "Handling of answers"). */
export const CODE_SILENT: readonly number[] = [8, 500];
export const CODE_SIGNED_OUT = 100;
export const CODE_RELOGIN = 502;

/**
 * Per-call time-outs (§9). Matched against the path relative to the base, first match wins.
 * 9999999 ms: CSV, installation, tyre info, work CSV, mileage, track upload, day track, tyre mileage, vehicle list;
 * 99999 ms: upload and marking power; 99999999 ms: track analysis.
 */
export const TIMEOUT_RULES: readonly { test: RegExp; ms: number }[] = [
  { test: /\/web\/track\/analyse$/, ms: TRACK_ANALYSIS_TIMEOUT_MS },
  { test: /\/web\/tool\/csv$/, ms: LONG_TIMEOUT_MS },
  { test: /\/web\/log\/getLogListCSV$/, ms: LONG_TIMEOUT_MS },
  { test: /\/web\/log\/installation$/, ms: LONG_TIMEOUT_MS },
  { test: /\/web\/log\/tyre_info$/, ms: LONG_TIMEOUT_MS },
  { test: /\/web\/log\/workCSV$/, ms: LONG_TIMEOUT_MS },
  { test: /\/web\/log\/getMileage$/, ms: LONG_TIMEOUT_MS },
  { test: /\/web\/amap\/track_upload$/, ms: LONG_TIMEOUT_MS },
  { test: /\/web\/track\/day$/, ms: LONG_TIMEOUT_MS },
  { test: /\/web\/drp\/tyre\/mileage$/, ms: LONG_TIMEOUT_MS },
  { test: /\/web\/car\/(list|data_list|data_mileage_list)$/, ms: LONG_TIMEOUT_MS },
  { test: /\/web\/tool\/aliyun\/uploading$/, ms: UPLOAD_TIMEOUT_MS },
  { test: /\/fileUploadAndDownload\/upload$/, ms: UPLOAD_TIMEOUT_MS },
  { test: /\/web\/log\/marking_power$/, ms: UPLOAD_TIMEOUT_MS },
];

/** List calls that cancel the previous in-flight call of the same kind (§7). */
export const CANCEL_PREVIOUS: readonly string[] = ['web/car/list', 'web/device/list', 'web/car/data_list'];

/**
 * "Listed search calls" whose time-out answers code -200 silently (§8): the cancellable list calls above and every
 * call whose last path segment names a search (`/search/list`, `/poi/search`, `/work/user_search`, `searchFirms`…).
 */
export function isSilentTimeoutCall(path: string): boolean {
  if (CANCEL_PREVIOUS.some((p) => path.includes(p))) return true;
  const last = path.split('?')[0]?.split('/').filter(Boolean) ?? [];
  const segment = last[last.length - 1] ?? '';
  const parent = last[last.length - 2] ?? '';
  return /search/i.test(segment) || parent === 'search';
}

/** The call whose HTTP 500 does not open the 'interface error' dialog (§8). */
export const NO_500_DIALOG: readonly string[] = ['route/searchTripSimplify'];

/** The login call: a stored alternate-account token replaces x-token on it (§7). */
export const LOGIN_PATH = '/base/login';

/** Trusteeship (§6, §9): colony 7 maps to platform 7 and the /captain prefix. */
export const CAPTAIN_COLONY = 7;
export const CAPTAIN_PLATFORM = 7;
export const CAPTAIN_PREFIX = '/captain';

export function timeoutFor(path: string): number {
  return TIMEOUT_RULES.find((r) => r.test.test(path))?.ms ?? DEFAULT_TIMEOUT_MS;
}

/** The cancel group of a path (one of CANCEL_PREVIOUS), or null. */
export function cancelGroupOf(path: string): string | null {
  return CANCEL_PREVIOUS.find((p) => path.includes(p)) ?? null;
}
