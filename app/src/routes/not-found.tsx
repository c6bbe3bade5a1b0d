import { NotFoundView } from '@/components/layout/not-found-view';

export function NotFoundRoute() {
  return <NotFoundView />;
}
