export const workKeys = {
  categories: ['work', 'categories'] as const,
};
