/** Shapes of the system calls (gva-api.md §5–§10 and the user shapes). Keys as the server sends them. */
import type { AuthorityRef, Brand, OperationRecordOut, SignInRow } from '@/lib/api-types';

export type AuthorityBrief = AuthorityRef;

export interface EnterpriseAuthority {
  enterpriseId: number;
  entName?: string;
  authorityId: number;
  authorityName?: string;
}

/** `getUserList_recons` list entry. */
export interface SysUser {
  ID: number;
  uuid: string;
  userName: string;
  nickName: string;
  headerImg: string;
  phone: string;
  email: string;
  /** 1 normal, 2 frozen. */
  enable: number;
  authorityId: number;
  authorityName?: string;
  realName?: string;
  country?: string;
  authority?: AuthorityBrief | null;
  authorities?: EnterpriseAuthority[] | null;
  /** The enterprise the user works in now (their active role is the one held there). */
  nowEntId?: number | null;
  visitor?: boolean;
  createdAt?: string;
  CreatedAt?: string;
}

export interface Authority {
  authorityId: number;
  authorityName: string;
  parentId: number | null;
  defaultRouter?: string;
  dataAuthorityId?: { authorityId: number; authorityName?: string }[] | null;
  children?: Authority[] | null;
}

export interface MenuButton {
  ID?: number;
  name: string;
  desc: string;
}

export interface MenuParameter {
  ID?: number;
  type: 'params' | 'query';
  key: string;
  value: string;
}

export interface BaseMenu {
  ID: number;
  parentId: number;
  path: string;
  name: string;
  hidden: boolean;
  component: string;
  sort: number;
  meta: {
    title: string;
    titleEn?: string;
    icon?: string;
    keepAlive?: boolean;
    closeTab?: boolean;
    activeName?: string;
    defaultMenu?: boolean;
    hidden?: boolean;
  };
  children?: BaseMenu[] | null;
  menuBtn?: MenuButton[] | null;
  parameters?: MenuParameter[] | null;
}

export interface SysApi {
  ID: number;
  path: string;
  description: string;
  apiGroup: string;
  method: string;
}

export interface Dictionary {
  ID: number;
  CreatedAt?: string;
  UpdatedAt?: string;
  name: string;
  /** Unique key (e.g. `pressure_unit`). */
  type: string;
  status: boolean;
  desc: string;
  parentID?: number | null;
  /** Child dictionaries (the list call fills it in). */
  children?: Dictionary[] | null;
}

export interface DictionaryDetail {
  ID: number;
  CreatedAt?: string;
  UpdatedAt?: string;
  /** Chinese. */
  label: string;
  /** English ('' when not translated). */
  labelEn: string;
  /** Stored as text. */
  value: string;
  extend: string;
  status: boolean;
  disabled?: boolean;
  sort: number;
  sysDictionaryID: number;
  parentID?: number | null;
  /** 0 at the top, parent's + 1 below. */
  level: number;
  /** Ancestor ids, root first (`"12,15"`); '' at the top. */
  path: string;
}

/** A detail's label in the page language (English falls back to the Chinese label). */
export function detailLabel(d: Pick<DictionaryDetail, 'label' | 'labelEn'>, lang: string): string {
  return lang === 'en' && d.labelEn ? d.labelEn : d.label;
}

export type OperationRecord = OperationRecordOut;

/** How a sign-in was attempted (the server's names). */
export const SIGN_IN_METHODS = ['password', 'switch', 'visitor', 'sms', 'qr', 'register'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** What came of a sign-in (the server's names). */
export const SIGN_IN_RESULTS = ['ok', 'bad_password', 'unknown_user', 'captcha', 'frozen', 'throttled', 'bad_code', 'expired', 'error'] as const;
export type SignInResult = (typeof SIGN_IN_RESULTS)[number];

/** `getSysLoginRecordList` list entry: one attempt to sign in, failures included (never a token, password or code). */
/** One sign-in attempt, as the contract declares it (generated from openapi.json). */
export type SignInRecord = SignInRow;

export interface FileRecord {
  ID: number;
  CreatedAt: string;
  UpdatedAt?: string;
  /** The original base name (storage never uses it). */
  name: string;
  classId?: number;
  /** Where it is served: `/uploads/YYYY/MM/<uuid>.<ext>` for local storage, or the bucket's URL. */
  url: string;
  /** The extension. */
  tag: string;
  key: string;
  /** Bytes. */
  size: number;
  mime: string;
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** A tree from a flat list with `parentId` (roles whose parent is not listed become roots); trees pass through. */
export function authorityTree(list: readonly Authority[] | null | undefined): Authority[] {
  const all = list ?? [];
  if (all.some((a) => Array.isArray(a.children) && a.children.length > 0)) return [...all];
  const ids = new Set(all.map((a) => a.authorityId));
  const build = (parent: number | null): Authority[] =>
    all.filter((a) => (parent === null ? a.parentId === null || a.parentId === 0 || !ids.has(a.parentId) : a.parentId === parent)).map((a) => ({ ...a, children: build(a.authorityId) }));
  return build(null);
}

/** Every authority of a tree, flattened depth first (with its depth for indented pickers). */
export function flattenAuthorities(tree: readonly Authority[] | null | undefined, depth = 0): { authority: Authority; depth: number }[] {
  const out: { authority: Authority; depth: number }[] = [];
  for (const a of tree ?? []) {
    out.push({ authority: a, depth });
    out.push(...flattenAuthorities(a.children, depth + 1));
  }
  return out;
}

/** A hostname brand profile (`/brand/list`): the console and site are rebranded for hosts under `appDomain`. */
export type BrandProfile = Brand;
