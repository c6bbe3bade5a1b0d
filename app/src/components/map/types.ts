export interface MapPoint {
  id: string;
  lon: number;
  lat: number;
  /** Fill colour, `#rrggbb`. */
  color: string;
  label: string;
}

export interface PointMapOptions {
  center: [lon: number, lat: number];
  zoom: number;
  onSelect?: (id: string) => void;
}

export interface PointMapHandle {
  setPoints(points: readonly MapPoint[]): void;
  select(id: string | null): void;
  dispose(): void;
}
