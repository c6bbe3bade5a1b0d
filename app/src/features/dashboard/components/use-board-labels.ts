/** Board enumerations in the page's language (the server's label, else the value, for one the console does not know). */
import { useTranslation } from 'react-i18next';

import { BOARD_GROUPINGS, BOARD_KINDS, BOARD_MEASURES, BOARD_RANGES, oneOf } from '../model';

export function useBoardLabels() {
  const { t } = useTranslation('dashboard');
  return {
    kind: (v: string, fallback?: string): string => (oneOf(BOARD_KINDS, v) ? t(`kind.${v}`) : (fallback ?? v)),
    measure: (v: string, fallback?: string): string => (oneOf(BOARD_MEASURES, v) ? t(`boardMeasure.${v}`) : (fallback ?? v)),
    grouping: (v: string, fallback?: string): string => (oneOf(BOARD_GROUPINGS, v) ? t(`grouping.${v}`) : (fallback ?? v)),
    range: (v: string, fallback?: string): string => (oneOf(BOARD_RANGES, v) ? t(`range.${v}`) : (fallback ?? v)),
  };
}
