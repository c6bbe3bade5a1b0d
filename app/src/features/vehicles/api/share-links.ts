import { postCall, useCallQuery } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { ShareLink } from '../types';

/** Under the share calls' key (`['share']`). */
const linksKey = ['share', 'links'] as const;

/** POST /api/web/car/share/list {vehicleId} → the vehicle's links, newest first. */
export const getShareLinks = postCall<{ vehicleId: number }, ShareLink[]>('/web/car/share/list');

export function useShareLinks(vehicleId: number) {
  return useCallQuery(linksKey, getShareLinks, { vehicleId });
}

/** POST /api/web/car/share/create {vehicleId, days} → the new link. */
export const createShareLink = postCall<{ vehicleId: number; days: number }, ShareLink>('/web/car/share/create');

/** POST /api/web/car/share/revoke {id} → the revoked link. */
export const revokeShareLink = postCall<{ id: number }, ShareLink>('/web/car/share/revoke');

export function useCreateShareLink() {
  return useApiMutation(createShareLink, { invalidate: [linksKey] });
}

export function useRevokeShareLink() {
  return useApiMutation(revokeShareLink, { invalidate: [linksKey] });
}
