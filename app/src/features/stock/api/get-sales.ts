import type { SaleCollect, SaleListParams, StockMove } from '../types';
import { collectPageCall } from './collect-call';

/** POST /api/web/drp/marketList {customerId?, itemId?, from?, to?} → sale moves (quantity positive) with `collect` (revenue, cost, profit). */
export const getSales = collectPageCall<SaleListParams, StockMove, SaleCollect>('/web/drp/marketList');
