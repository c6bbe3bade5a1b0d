/**
 * The sample fleet visitors see (labelled as sample data), in watchList4's short keys so it takes the same path as
 * the live fleet.
 */
import { type FleetVehicle, fromWatchEntry } from '@/features/vehicles';

const gp = (lo: number, la: number, s: number) => ({ lo, la, s, t: 0, di: 0 });

export const SAMPLE_FLEET: readonly FleetVehicle[] = [
  { i: 1, p: '粤B·7K21A', a: 1, ay: 3, al: 2, gp: gp(113.934, 22.543, 72) },
  { i: 2, p: '粤B·3M058', at: 1, gp: gp(114.057, 22.612, 64) },
  { i: 3, p: '粤S·9D317', gp: gp(113.752, 23.021, 0) },
  { i: 4, p: '粤A·2F806', o: 1, gp: gp(113.323, 23.129, 0) },
  { i: 5, p: '粤L·6H442', a: 1, ay: 2, al: 1, at: 1, gp: gp(114.413, 23.112, 0) },
  { i: 6, p: '粤B·5T920', gp: gp(113.871, 22.748, 81) },
  { i: 7, p: '粤E·1R663', a: 1, ay: 6, al: 2, gp: gp(113.121, 23.021, 58) },
  { i: 8, p: '粤B·8Q145', o: 1, gp: gp(114.241, 22.721, 0) },
  { i: 9, p: '粤S·4N207', c: 1, gp: gp(113.981, 22.952, 0) },
  { i: 10, p: '粤A·7C551', gp: gp(113.452, 22.853, 69) },
].map(fromWatchEntry);

export const SAMPLE_CENTER: [number, number] = [113.78, 22.86];
export const SAMPLE_ZOOM = 9;
