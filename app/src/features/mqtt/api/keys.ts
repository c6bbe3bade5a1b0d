/** Query-key roots of the MQTT console's calls. A rule change refreshes its list and the overview's counts. */
export const mqttKeys = {
  overview: ['mqtt', 'overview'] as const,
  clients: ['mqtt', 'clients'] as const,
  subscriptions: ['mqtt', 'subscriptions'] as const,
  messages: ['mqtt', 'messages'] as const,
  routes: ['mqtt', 'routes'] as const,
};
