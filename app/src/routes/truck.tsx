import { TruckPage } from '@/features/marketing';

/** /truck: wheel-end safety for trucks and trailers. */
export function TruckRoute() {
  return <TruckPage />;
}
