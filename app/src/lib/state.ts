/**
 * The render input of docs/ssr-contract.md, shared by the QuickJS entry (which receives it as a JSON string) and the
 * browser entry (which reads the same JSON from `<script id="__WHEELEND_STATE__">`).
 */
import { DEFAULT_BRAND, type Brand } from './brand';

export type Lang = 'zh' | 'en';

export const LANGS: readonly Lang[] = ['zh', 'en'];
export const DEFAULT_LANG: Lang = 'zh';

/** The signed-in user as the host passes it (fields of console-spec §3 "User info"; all optional). */
export interface SessionUser {
  id?: number;
  uuid?: string;
  name?: string;
  userName?: string;
  nickName?: string;
  headerImg?: string;
  authorityId?: number;
  sideMode?: string;
  activeColor?: string;
  /** Set by the host for the automatic visitor login (console-spec §4): shown as 'visitor', not as a name. */
  visitor?: boolean;
  [key: string]: unknown;
}

/** A real signed-in user (not nobody, not the visitor account). */
export function isSignedIn(user: SessionUser | null): user is SessionUser {
  return user !== null && user.visitor !== true;
}

export interface RenderInput {
  /** Path + query of the request, e.g. `/solution?x=1`. */
  url: string;
  /** Scheme + host, e.g. `https://fleet.example.com`, for canonical and Open Graph URLs. */
  origin: string;
  brand: Brand;
  lang: Lang;
  user: SessionUser | null;
  /** Route data the host loaded; may be `{}`. */
  data: Record<string, unknown>;
}

export const STATE_ELEMENT_ID = '__WHEELEND_STATE__';

export function normalizeLang(value: unknown): Lang {
  if (typeof value !== 'string') return DEFAULT_LANG;
  const lower = value.trim().toLowerCase();
  if (lower === 'en' || lower.startsWith('en-') || lower.startsWith('en_')) return 'en';
  return DEFAULT_LANG;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** Path + query only: anything else (absolute URLs, protocol-relative `//host`) becomes `/`. */
export function normalizeUrl(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  return value.replace(/#.*$/, '');
}

/** Accepts the decoded JSON (or anything) and fills every field so the app never has to guard against holes. */
export function normalizeRenderInput(raw: unknown): RenderInput {
  const obj = isRecord(raw) ? raw : {};
  const brand = isRecord(obj.brand) ? obj.brand : {};
  return {
    url: normalizeUrl(obj.url),
    origin: str(obj.origin, '').replace(/\/+$/, ''),
    brand: {
      appName: str(brand.appName, DEFAULT_BRAND.appName),
      desc: str(brand.desc, DEFAULT_BRAND.desc),
      appLogo: str(brand.appLogo, DEFAULT_BRAND.appLogo),
      wsUrl: str(brand.wsUrl, DEFAULT_BRAND.wsUrl),
      appDomain: str(brand.appDomain, DEFAULT_BRAND.appDomain),
    },
    lang: normalizeLang(obj.lang),
    user: isRecord(obj.user) ? obj.user : null,
    data: isRecord(obj.data) ? obj.data : {},
  };
}

export function parseRenderInput(json: string): RenderInput {
  return normalizeRenderInput(JSON.parse(json) as unknown);
}

/** Splits `/a/b?x=1#h` into pathname and search (the part from `?`, or ''). */
export function splitUrl(url: string): { pathname: string; search: string } {
  const noHash = url.replace(/#.*$/, '');
  const q = noHash.indexOf('?');
  const pathname = q === -1 ? noHash : noHash.slice(0, q);
  return { pathname: pathname === '' ? '/' : pathname, search: q === -1 ? '' : noHash.slice(q) };
}

/** The name shown for a signed-in user: nickName, then name, then userName; null for nobody and for visitors. */
export function displayName(user: SessionUser | null): string | null {
  if (!isSignedIn(user)) return null;
  for (const v of [user.nickName, user.name, user.userName]) {
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return null;
}
