import type { Affected } from '@/lib/api-types';
import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import { useCall } from './use-call';

/** 0 not installed, 1 installed, 2 installing. */
export type InstallState = 0 | 1 | 2;

export interface SetInstallStatePayload {
  carId: number;
  installState: InstallState;
}

/** POST /api/web/car/set_install {carIds, installState} → how many vehicles changed. */
export async function setInstallState({ carId, installState }: SetInstallStatePayload, signal?: AbortSignal): Promise<Affected> {
  return unwrap(await api.post<Affected>('/web/car/set_install', { carIds: [carId], installState }, { signal, noErrorToast: true, noLoading: true }));
}

export function useSetInstallState() {
  return useCall(setInstallState);
}
