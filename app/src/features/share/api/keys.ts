export const shareKey = ['share'] as const;
