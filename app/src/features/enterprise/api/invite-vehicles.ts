import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Invitation } from '../types';
import { enterpriseKeys } from './keys';

export interface InviteVehiclesPayload {
  targetEntId: number;
  vehicleIds: number[];
  remark?: string;
}

/** POST /api/web/ent/invite_car: invites an enterprise to take vehicles into maintenance custody (type 2). */
export async function inviteVehicles(payload: InviteVehiclesPayload): Promise<Invitation> {
  return unwrap(await api.post<Invitation>('/web/ent/invite_car', { ...payload }));
}

export function useInviteVehicles() {
  return useApiMutation(inviteVehicles, { invalidate: [enterpriseKeys.invitations] });
}
