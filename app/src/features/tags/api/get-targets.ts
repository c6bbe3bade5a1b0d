import { pageCall, useCallQuery } from '@/lib/calls';
import type { TagChip, TagTargetKind, TargetOption } from '../types';
import { tagKeys } from './keys';

interface VehicleRow {
  carId: number;
  plate: string;
  enterpriseId: number;
}
interface DeviceRow {
  id: number;
  imei: string;
  entId: number;
  tags?: TagChip[];
}

/** POST /api/web/car/list {keyword} → vehicles to tag (a lookup beside other lists). */
export const findVehicles = pageCall<{ keyword?: string }, VehicleRow>('/web/car/list', { noSupersede: true });
/** POST /api/web/device/list {keyword} → devices to tag, with their tags. */
export const findDevices = pageCall<{ keyword?: string }, DeviceRow>('/web/device/list', { noSupersede: true });

async function findTargets({ kind, keyword }: { kind: TagTargetKind; keyword: string }, signal?: AbortSignal): Promise<TargetOption[]> {
  const params = { keyword: keyword.trim() || undefined, page: 1, pageSize: 20 };
  if (kind === 'vehicle') return (await findVehicles(params, signal)).list.map((v) => ({ id: v.carId, name: v.plate, entId: v.enterpriseId, tags: [] }));
  return (await findDevices(params, signal)).list.map((d) => ({ id: d.id, name: d.imei, entId: d.entId, tags: d.tags ?? [] }));
}

/** Vehicles or devices matching a plate or imei fragment (the first 20), for the tag picker and the tag form. */
export function useTargets(kind: TagTargetKind, keyword: string) {
  return useCallQuery(tagKeys.targets, findTargets, { kind, keyword });
}
