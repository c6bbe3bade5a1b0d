/**
 * Permission checks of console-spec §6. Pure; the React side is <Auth> (features/auth/components/auth.tsx) and
 * useRoleList() (lib/session.ts).
 */
import type { RoleEntry } from '@/lib/session';

/** Platform staff: role 999 or 666 in enterprise 1013 (console-spec §6, §9). */
export const PLATFORM_ENTERPRISE_ID = 1013;
export const PLATFORM_ROLE_IDS: readonly number[] = [999, 666];
/** The super administrator's role: platform staff wherever they act (docs/tenancy.md). */
export const SUPER_ADMIN_ROLE = 888;

function asList(ids: number | readonly number[]): readonly number[] {
  return typeof ids === 'number' ? [ids] : ids;
}

/** True when any given number equals one of the user's authorityId values in the stored role list. */
export function hasPermission(ids: number | readonly number[], roles: readonly RoleEntry[]): boolean {
  const wanted = asList(ids);
  return roles.some((r) => wanted.includes(r.authorityId));
}

/** Role 999 or 666 and the current enterprise 1013. */
export function isPlatformStaff(roles: readonly RoleEntry[], enterpriseId: number | null | undefined): boolean {
  return enterpriseId === PLATFORM_ENTERPRISE_ID && hasPermission(PLATFORM_ROLE_IDS, roles);
}

/**
 * The element directive: shown only when the user's authorityId is among `ids`; with `not`, only when it is not.
 * No user (or no authorityId) counts as "not listed".
 */
export function authVisible(ids: number | readonly number[], authorityId: number | null | undefined, not = false): boolean {
  const listed = typeof authorityId === 'number' && asList(ids).includes(authorityId);
  return not ? !listed : listed;
}
