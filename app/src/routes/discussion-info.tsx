import { DiscussionSharePage } from '@/features/share';

/** /df/:id, 'discussion': a work order's discussion behind a link, read only. */
export function DiscussionInfoRoute() {
  return <DiscussionSharePage />;
}
