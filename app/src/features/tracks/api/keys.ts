/** Query keys of the track screens (one root, so a refresh can invalidate them together). */
export const tracksKey = ['tracks'] as const;
