import { SharePage } from '@/features/share';

/** /mf/:id, 'vehicle dynamics': a shared vehicle's public page. */
export function MessageInfoRoute() {
  return <SharePage />;
}
