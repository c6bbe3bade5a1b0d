/** Shapes of the catalogue calls (server/src/routes/vehicle/catalogue.rs; assumed from the catalogue tables). */
export interface CarBrand {
  id: number;
  name: string;
  logo: string;
  sort: number;
  enterpriseId?: number;
}

export interface CarSeries {
  id: number;
  brandId: number;
  brandName?: string;
  name: string;
  sort: number;
}

export interface CarClass {
  id: number;
  name: string;
  /** vehicle kind 0–3 */
  kind: number;
  axleLayout: string;
  deviceTypeId: number;
  sort: number;
}

export interface TyreBrand {
  id: number;
  name: string;
  logo: string;
  sort: number;
}

export interface Tyre {
  id: number;
  brandId: number;
  brandName?: string;
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

/** grainSize / spec answers: strings or `{id, name}` entries (both accepted). */
export type Choice = string | { id?: number; name?: string; value?: string };

export function choiceLabel(c: Choice): string {
  return typeof c === 'string' ? c : (c.name ?? c.value ?? '');
}
