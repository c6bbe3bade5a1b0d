import { SaloonPage } from '@/features/marketing';

/** /saloon: tyre pressure monitoring for passenger cars. */
export function SaloonRoute() {
  return <SaloonPage />;
}
