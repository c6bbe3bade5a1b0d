/** The dashboard's names of measures and alarm kinds in the page's language (kinds as the map and alarm list name them). */
import { useTranslation } from 'react-i18next';

import { alarmKindKey } from '@/features/live';
import type { Measure } from '@/lib/api-types';

export function useDashboardLabels() {
  const { t } = useTranslation(['dashboard', 'map']);
  return {
    measure: (m: Measure) => t(`dashboard:measure.${m}`),
    unit: (m: Measure) => t(`dashboard:unit.${m}`),
    kind: (kind: number) => t(`map:alarmKind.${alarmKindKey(kind)}`),
    /** chart_data labels an alarm kind by its number. */
    kindLabel: (label: string) => (/^\d+$/.test(label) ? t(`map:alarmKind.${alarmKindKey(Number(label))}`) : label),
  };
}
