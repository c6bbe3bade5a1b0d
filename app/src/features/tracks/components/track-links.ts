/**
 * Where the track screens link to: a day's playback (the menu's locus/tracks when the role has it, else /locus), the
 * range on the map (locus/view/:vehicleId) and a trip (locus/tripView/:id), with what they open in the query string.
 */
import { useMenuPath } from '@/lib/console/use-menu-path';
import { paths } from '@/lib/paths';

export function useTrackLinks() {
  const menuPath = useMenuPath();
  const withQuery = (path: string, query: Record<string, string | number>) =>
    `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
  return {
    playback: (vehicleId: number, day: string) => withQuery(menuPath('tracks') ?? paths.locus, { vehicleId, day }),
    /** Null when the role has no track view. */
    rangeView: (vehicleId: number, from: string, to: string) => {
      const path = menuPath('locusView', { id: vehicleId });
      return path === null ? null : withQuery(path, { from, to });
    },
    trip: (trip: { id: number; vehicleId: number; plate: string; startedAt: string; endedAt: string }) => {
      const path = menuPath('tripView', { id: trip.id });
      return path === null ? null : withQuery(path, { vehicleId: trip.vehicleId, plate: trip.plate, start: trip.startedAt, end: trip.endedAt });
    },
  };
}
