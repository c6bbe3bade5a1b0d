/** The date range filters of the stock lists (`YYYY-MM-DD` in the search form, RFC 3339 instants on the wire). */
import type { TFunction } from 'i18next';

import type { SearchField } from '@/components/crud/search-form';

export function dateFields(t: TFunction<'stock'>): SearchField[] {
  return [
    { name: 'from', label: t('range.from'), type: 'date' },
    { name: 'to', label: t('range.to'), type: 'date' },
  ];
}
