/**
 * Wheel positions named as people say them ("Axle 2, right outer", 第2轴右外), the one rule of the console: a position
 * is `axle * 10 + wheel` (both from 1; axle from the front, wheel from the outermost left, docs/fleet-data.md), and the
 * wheels on its axle (the vehicle's axle layout) decide its side and place: on a 4-wheel axle 21 is left outer, 22 left
 * inner, 23 right inner, 24 right outer; on a 2-wheel axle 11 is left, 12 right; the odd wheel of a steer axle is the
 * centre. Without the layout (or off it) a position is "Axle 2, wheel 3". Wheel ends (hubs) are numbered
 * `axle * 10 + side` (1 left, 2 right) instead. The server names positions in its texts and exports by the same rule
 * (server/domain/src/vehicle/wheels.rs). Pure.
 */
import type { TFunction } from 'i18next';

export type WheelSide = 'left' | 'right' | 'centre';
export type WheelPlace = 'outer' | 'inner' | 'middle';

export interface WheelSpot {
  axle: number;
  wheel: number;
  /** Null when the wheels on the axle are unknown (or the wheel is not on it). */
  side: WheelSide | null;
  /** Null with one wheel a side (and at the centre). */
  place: WheelPlace | null;
  /** Which middle wheel, counted from the outside, when a side has more than one (8-wheel axles); else null. */
  middle: number | null;
}

/** The words of a name, in `common:wheel` of either language. */
type WheelT = TFunction;

/** A position's axle and wheel, or null for a number that is not a position (0 is the vehicle itself). */
function axleWheel(position: number): { axle: number; wheel: number } | null {
  const axle = Math.floor(position / 10);
  const wheel = position % 10;
  return Number.isInteger(position) && axle >= 1 && wheel >= 1 ? { axle, wheel } : null;
}

/** Where the position sits on its axle of `wheelsOnAxle` wheels; null for a number that is not a position. */
export function wheelSpot(position: number, wheelsOnAxle: number | null | undefined): WheelSpot | null {
  const at = axleWheel(position);
  if (!at) return null;
  const { axle, wheel } = at;
  const n = wheelsOnAxle ?? 0;
  if (n < 1 || wheel > n) return { axle, wheel, side: null, place: null, middle: null };
  const half = Math.floor(n / 2);
  if (n % 2 === 1 && wheel === half + 1) return { axle, wheel, side: 'centre', place: null, middle: null };
  const left = wheel <= half;
  /** 1 = the outermost of its side. */
  const fromOutside = left ? wheel : n - wheel + 1;
  const place: WheelPlace | null = half <= 1 ? null : fromOutside === 1 ? 'outer' : fromOutside === half ? 'inner' : 'middle';
  const middle = place === 'middle' && half > 3 ? fromOutside - 1 : null;
  return { axle, wheel, side: left ? 'left' : 'right', place, middle };
}

/** The wheels on the position's axle from the vehicle's wheels per axle (front first), or null. */
export function wheelsOn(position: number, wheelsPerAxle: readonly number[] | null | undefined): number | null {
  return wheelsPerAxle?.[Math.floor(position / 10) - 1] ?? null;
}

/** Where on its axle, without the axle: "right outer" / 右外, "left" / 左轮; "wheel 3" / 第3轮 when unknown. */
function placeName(spot: WheelSpot, t: WheelT): string {
  if (spot.side === null) return t('wheel.nth', { wheel: spot.wheel });
  if (spot.side === 'centre' || spot.place === null) return t(`wheel.place.${spot.side}`);
  const key = `${spot.side}${spot.place === 'outer' ? 'Outer' : spot.place === 'inner' ? 'Inner' : 'Middle'}` as const;
  return spot.middle === null ? t(`wheel.place.${key}`) : t(`wheel.place.${spot.side}MiddleNth`, { n: spot.middle });
}

/** "Axle 2" / 第2轴. */
export function axleName(axle: number, t: WheelT): string {
  return t('wheel.axle', { axle });
}

/**
 * A wheel position as people say it: "Axle 2, right outer" / 第2轴右外; "Axle 2, wheel 3" / 第2轴 第3轮 when the
 * wheels per axle are unknown or the wheel is not on the axle; the number itself when it is not a position; '—' for none.
 */
export function wheelName(position: number | null | undefined, wheelsPerAxle: readonly number[] | null | undefined, t: WheelT): string {
  if (position === null || position === undefined) return '—';
  const spot = wheelSpot(position, wheelsOn(position, wheelsPerAxle));
  if (!spot) return String(position);
  if (spot.side === null) return t('wheel.numbered', { axle: spot.axle, wheel: spot.wheel });
  return t('wheel.named', { axle: spot.axle, place: placeName(spot, t) });
}

/** The place on its axle only ("right outer" / 右外), for a drawing that shows the axle already; null when not a position. */
export function wheelPlaceName(position: number, wheelsPerAxle: readonly number[] | null | undefined, t: WheelT): string | null {
  const spot = wheelSpot(position, wheelsOn(position, wheelsPerAxle));
  return spot ? placeName(spot, t) : null;
}

/** A wheel end (hub) `axle * 10 + side` (1 left, 2 right): "Axle 2, left wheel end" / 第2轴左轮端; the number otherwise. */
export function wheelEndName(position: number, t: WheelT): string {
  const at = axleWheel(position);
  if (!at || at.wheel > 2) return String(position);
  return t(at.wheel === 1 ? 'wheel.end.left' : 'wheel.end.right', { axle: at.axle });
}
