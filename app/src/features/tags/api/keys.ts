/** Query-key roots of the tag workspace's calls. */
export const tagKeys = {
  tags: ['tags', 'list'] as const,
  tag: ['tags', 'detail'] as const,
  fields: ['tags', 'fields'] as const,
  field: ['tags', 'field'] as const,
  form: ['tags', 'form'] as const,
  search: ['tags', 'search'] as const,
  overview: ['tags', 'overview'] as const,
  targets: ['tags', 'targets'] as const,
} as const;

/** Everything a tag write may change. */
export const TAG_WRITES = [tagKeys.tags, tagKeys.tag, tagKeys.fields, tagKeys.field, tagKeys.form, tagKeys.search, tagKeys.overview, tagKeys.targets];
