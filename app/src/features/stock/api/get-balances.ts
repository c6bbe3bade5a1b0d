import type { Balance, BalanceCollect, BalanceListParams } from '../types';
import { collectPageCall } from './collect-call';

/** POST /api/web/drp/storageList {warehouseId?, itemId?, kind?, keyword?, low?, empty?} → balances per warehouse × item with `collect`. */
export const getBalances = collectPageCall<BalanceListParams, Balance, BalanceCollect>('/web/drp/storageList');
