/** Query-key roots of the work calls. Everything about orders sits under `orders` so a change refreshes it at once. */
export const workKeys = {
  categories: ['work', 'categories'] as const,
  orders: ['work', 'orders'] as const,
  /** One order's parts (timeline, tasks, files, repair, snapshot, people): `[...order, id, part]`. */
  order: ['work', 'orders', 'order'] as const,
  types: ['work', 'types'] as const,
  states: ['work', 'states'] as const,
  statistics: ['work', 'orders', 'statistics'] as const,
  lookups: ['work', 'lookups'] as const,
  /** Flow templates and their nodes (the order's own steps sit under `order`). */
  flows: ['work', 'flows'] as const,
};
