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
  /** Discussions (list, unread counts, messages): under `orders`, so a new note or a state change refreshes them. */
  discussions: ['work', 'orders', 'discussions'] as const,
  /** Projects sit under orders: their progress counts orders and tasks, so an order's change refreshes them. */
  projects: ['work', 'orders', 'projects'] as const,
  /** Notice plans, their history (events) and the plans of a project. */
  informs: ['work', 'informs'] as const,
  /** Flow templates and their nodes (the order's own steps sit under `order`). */
  flows: ['work', 'flows'] as const,
};

/** What a read mark or a new note changes besides the messages: the discussions list and the unread counts. */
export const discussionSummaryKeys = [
  [...workKeys.discussions, 'list'],
  [...workKeys.discussions, 'unread'],
] as const;
