import { useHydrated } from '@/lib/local-store';
import { formatDateTime } from '@/lib/format';
import { utcTime } from '../share-meta';

/** UTC while server-rendered and hydrating (identical markup), the visitor's local time afterwards. */
export function useShareTime(): (value: string | number | null) => string {
  const hydrated = useHydrated();
  return (value) => (value === null ? '' : hydrated ? formatDateTime(value) : utcTime(value));
}
