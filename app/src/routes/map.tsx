import { MapPage } from '../features/map/components/map-page';

export function MapRoute() {
  return <MapPage />;
}
