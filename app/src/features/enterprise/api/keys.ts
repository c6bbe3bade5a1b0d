/** Query-key roots of the enterprise area (mutations invalidate by root). */
export const enterpriseKeys = {
  all: ['enterprise'] as const,
  toggle: ['enterprise', 'toggle'] as const,
  list: ['enterprise', 'list'] as const,
  tree: ['enterprise', 'tree'] as const,
  detail: ['enterprise', 'detail'] as const,
  members: ['enterprise', 'members'] as const,
  invitations: ['enterprise', 'invitations'] as const,
  relations: ['enterprise', 'relations'] as const,
  clusters: ['enterprise', 'clusters'] as const,
  alarm: ['enterprise', 'alarm'] as const,
  supervise: ['enterprise', 'supervise'] as const,
  lookups: ['enterprise', 'lookups'] as const,
} as const;
