/** Query-key roots of the catalogue calls. */
export const catalogueKeys = {
  carBrands: ['catalogue', 'carBrands'] as const,
  carSeries: ['catalogue', 'carSeries'] as const,
  carClasses: ['catalogue', 'carClasses'] as const,
  tyreBrands: ['catalogue', 'tyreBrands'] as const,
  tyres: ['catalogue', 'tyres'] as const,
  choices: ['catalogue', 'choices'] as const,
} as const;
