/** Query-key roots of the rules, push and message calls. */
export const rulesKeys = {
  rules: ['rules', 'rules'] as const,
  members: ['rules', 'members'] as const,
  messages: ['rules', 'messages'] as const,
  webhooks: ['rules', 'webhooks'] as const,
  deliveries: ['rules', 'deliveries'] as const,
} as const;
