/** Query-key roots of the stock, tyre and service calls. A move refreshes balances, the ledger, sales, items, warehouses and tyres. */
export const stockKeys = {
  drpSetting: ['stock', 'drpSetting'] as const,
  serviceSetting: ['stock', 'serviceSetting'] as const,
  items: ['stock', 'items'] as const,
  warehouses: ['stock', 'warehouses'] as const,
  partners: ['stock', 'partners'] as const,
  moves: ['stock', 'moves'] as const,
  balances: ['stock', 'balances'] as const,
  sales: ['stock', 'sales'] as const,
  tyres: ['stock', 'tyres'] as const,
  tyreCosts: ['stock', 'tyreCosts'] as const,
  services: ['stock', 'services'] as const,
  workOrders: ['stock', 'workOrders'] as const,
  depths: ['stock', 'depths'] as const,
};

/** What a stock move changes: every list that shows stock. */
export const AFTER_MOVE = [stockKeys.moves, stockKeys.balances, stockKeys.sales, stockKeys.items, stockKeys.warehouses, stockKeys.tyres, stockKeys.partners] as const;
