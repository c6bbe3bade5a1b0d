/** Shapes of the catalogue calls (server/domain/src/vehicle/catalogue.rs). `entId` null = a platform entry. */
export interface CarSeries {
  id: number;
  brandId: number;
  entId: number | null;
  name: string;
  sort: number;
}

export interface CarBrand {
  id: number;
  entId: number | null;
  name: string;
  logo: string;
  sort: number;
  series: CarSeries[];
}

export interface CarClass {
  id: number;
  entId: number | null;
  name: string;
  /** vehicle kind 0–3 */
  kind: number;
  axleLayout: string;
  deviceTypeId: number;
  sort: number;
}

export interface TyreBrand {
  id: number;
  entId: number | null;
  name: string;
  logo: string;
  sort: number;
  tyreCount: number;
}

export interface Tyre {
  id: number;
  brandId: number;
  brandName: string;
  entId: number | null;
  model: string;
  spec: string;
  grain: string;
  /** mm */
  treadDepth: number | null;
  /** bar */
  pressure: number | null;
  loadIndex: string;
  remark: string;
}
