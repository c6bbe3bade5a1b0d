/**
 * What every call needs from the stored session (console-spec §3 "Request enrichment", §6 "Trusteeship"): the token,
 * the current enterprise and cluster, restrict, ip, and the trusteeship record that overrides them.
 */
import { STORAGE_KEYS } from '../storage-keys';
import type { KeyValueStorage } from './types';

export interface Trusteeship {
  colonyId: number | null;
  restrict: unknown;
  entId: number | null;
  /** The brand host of the colony (sent as `domain` for colony 7; on that host no /captain prefix is added). */
  domain: string | null;
}

export interface RequestContext {
  token: string | null;
  altToken: string | null;
  entId: number | null;
  colonyId: number | null;
  restrict: unknown;
  ip: string | null;
  trusteeship: Trusteeship | null;
}

function parseJson(raw: string | null): unknown {
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function nonEmpty(v: string | null): string | null {
  return v === null || v === '' ? null : v;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A positive integer id from a number or a numeric string; else null. */
export function toId(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  return null;
}

export function parseTrusteeship(raw: string | null): Trusteeship | null {
  const v = parseJson(raw);
  if (!isRecord(v)) return null;
  const colonyId = toId(v.colonyId ?? v.colony_id);
  const entId = toId(v.entId ?? v.enterprise ?? v.enterprise_id);
  const domain = typeof v.domain === 'string' && v.domain !== '' ? v.domain : null;
  if (colonyId === null && entId === null) return null;
  return { colonyId, restrict: v.restrict ?? null, entId, domain };
}

function restrictValue(raw: string | null): unknown {
  if (raw === null) return null;
  const parsed = parseJson(raw);
  return parsed ?? raw;
}

export function readRequestContext(storage: KeyValueStorage): RequestContext {
  const user = parseJson(storage.get(STORAGE_KEYS.userInfo));
  const u = isRecord(user) ? user : {};
  const trusteeship = parseTrusteeship(storage.get(STORAGE_KEYS.trusteeship));
  const storedEnt = toId(storage.get(STORAGE_KEYS.nowEntId));
  const storedColony = toId(storage.get(STORAGE_KEYS.colonyId));
  const entId = trusteeship?.entId ?? storedEnt ?? toId(u.current_enterprise_id) ?? toId(u.nowEntId);
  const colonyId = trusteeship?.colonyId ?? storedColony ?? toId(u.current_cluster);
  const restrict = trusteeship ? trusteeship.restrict : restrictValue(storage.get(STORAGE_KEYS.restrict));
  const ip = storage.get(STORAGE_KEYS.ip);
  return {
    token: nonEmpty(storage.get(STORAGE_KEYS.token)),
    altToken: nonEmpty(storage.get(STORAGE_KEYS.altToken)),
    entId,
    colonyId,
    restrict,
    ip: nonEmpty(ip),
    trusteeship,
  };
}
