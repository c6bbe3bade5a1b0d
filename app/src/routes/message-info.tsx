import { SharePage } from '../features/share/components/share-page';

/** /mf/:id, 'vehicle dynamics': a shared vehicle's public page. */
export function MessageInfoRoute() {
  return <SharePage />;
}
