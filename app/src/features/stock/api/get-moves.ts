import type { MoveListParams, RecordCollect, StockMove } from '../types';
import { collectPageCall } from './collect-call';

/** POST /api/web/drp/storageRecord {warehouseId?, itemId?, kind?, docNo?, …, from?, to?} → the ledger, newest first, with `collect`. */
export const getMoves = collectPageCall<MoveListParams, StockMove, RecordCollect>('/web/drp/storageRecord');
