import type { Vehicle } from './vehicles';

/**
 * Sample vehicles around the Pearl River Delta, shown (and labelled as sample data) until the live vehicle API is
 * wired in, so the map is never empty.
 */
export const SAMPLE_VEHICLES: readonly Vehicle[] = [
  { id: 'v1', plate: '粤B·7K21A', lon: 113.934, lat: 22.543, speed: 72, online: true, alarm: 'highTemp', minutesAgo: 1 },
  { id: 'v2', plate: '粤B·3M058', lon: 114.057, lat: 22.612, speed: 64, online: true, alarm: null, minutesAgo: 1 },
  { id: 'v3', plate: '粤S·9D317', lon: 113.752, lat: 23.021, speed: 0, online: true, alarm: null, minutesAgo: 4 },
  { id: 'v4', plate: '粤A·2F806', lon: 113.323, lat: 23.129, speed: 0, online: false, alarm: null, minutesAgo: 186 },
  { id: 'v5', plate: '粤L·6H442', lon: 114.413, lat: 23.112, speed: 0, online: true, alarm: 'lowTp', minutesAgo: 2 },
  { id: 'v6', plate: '粤B·5T920', lon: 113.871, lat: 22.748, speed: 81, online: true, alarm: null, minutesAgo: 1 },
  { id: 'v7', plate: '粤E·1R663', lon: 113.121, lat: 23.021, speed: 58, online: true, alarm: 'axleTemp', minutesAgo: 1 },
  { id: 'v8', plate: '粤B·8Q145', lon: 114.241, lat: 22.721, speed: 0, online: false, alarm: null, minutesAgo: 47 },
  { id: 'v9', plate: '粤S·4N207', lon: 113.981, lat: 22.952, speed: 0, online: true, alarm: null, minutesAgo: 9 },
  { id: 'v10', plate: '粤A·7C551', lon: 113.452, lat: 22.853, speed: 69, online: true, alarm: null, minutesAgo: 2 },
];

export const SAMPLE_CENTER: [number, number] = [113.78, 22.86];
export const SAMPLE_ZOOM = 9;
