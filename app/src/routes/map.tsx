import { MapPage } from '@/features/map';

export function MapRoute() {
  return <MapPage />;
}
