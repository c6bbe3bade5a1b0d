/** Query-key roots of the device calls. */
export const deviceKeys = {
  devices: ['devices', 'list'] as const,
  sensors: ['devices', 'sensors'] as const,
  firmware: ['devices', 'firmware'] as const,
  tasks: ['devices', 'tasks'] as const,
  versions: ['devices', 'versions'] as const,
  strategies: ['devices', 'strategies'] as const,
  tags: ['devices', 'tags'] as const,
} as const;
