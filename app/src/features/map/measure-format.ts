/** Lengths and areas of the measure tool (mapComponents/measureTool) in the chosen unit. Pure. */
export type MeasureUnit = 'km' | 'm';

export const MEASURE_UNITS: readonly MeasureUnit[] = ['km', 'm'];

export function formatLength(metres: number, unit: MeasureUnit): string {
  return unit === 'km' ? `${(metres / 1000).toFixed(metres < 10_000 ? 3 : 2)} km` : `${Math.round(metres).toLocaleString('en-US')} m`;
}

export function formatArea(squareMetres: number, unit: MeasureUnit): string {
  return unit === 'km' ? `${(squareMetres / 1_000_000).toFixed(3)} km²` : `${Math.round(squareMetres).toLocaleString('en-US')} m²`;
}
