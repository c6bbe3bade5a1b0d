import { CancellationPage } from '@/features/cancellation';

/** /cancellation: what cancelling an account means, and the signed-in user's request. */
export function CancellationRoute() {
  return <CancellationPage />;
}
