import { useQuery } from '@tanstack/react-query';

import { pageCall } from '@/lib/calls';
import type { TyreAsset, TyreCollect, TyreListParams } from '../types';
import { collectPageCall } from './collect-call';
import { stockKeys } from './keys';

/** POST /api/web/drp/tyre/list {state?, keyword?, itemId?, brandId?, vehicleId?, warehouseId?} → tyre assets with `collect` per state. */
export const getTyres = collectPageCall<TyreListParams, TyreAsset, TyreCollect>('/web/drp/tyre/list');

const getTyreOptions = pageCall<TyreListParams, TyreAsset>('/web/drp/tyre/list', { noSupersede: true });

/** Tracked tyres to pick (e.g. those of an item in a warehouse), the first 100; nothing asked while `enabled` is false. */
export function useTyreOptions(params: TyreListParams, enabled: boolean) {
  return useQuery({
    queryKey: [...stockKeys.tyres, 'options', params],
    queryFn: ({ signal }) => getTyreOptions({ ...params, page: 1, pageSize: 100 }, signal),
    enabled,
  });
}
