/** Alarm kind and level labels as the map and the alarm list show them (`map:alarmKind`, `map:alarmLevel`). */
import { useTranslation } from 'react-i18next';

import type { Option } from '@/components/crud/form';
import { ALARM_KINDS, alarmKindKey } from '@/features/live';

export interface AlarmLabels {
  kind: (kind: number) => string;
  level: (level: number) => string;
  /** Every kind, 1–14. */
  kindOptions: readonly Option[];
  levelOptions: readonly Option[];
  /** `高压、低压`, or the "every kind" text for an empty list. */
  kindList: (kinds: readonly number[], all: string) => string;
}

export function useAlarmLabels(): AlarmLabels {
  const { t } = useTranslation(['map', 'rules']);
  const kind = (k: number) => t(`alarmKind.${alarmKindKey(k)}`);
  const level = (l: number) => t(`alarmLevel.${l >= 2 ? '2' : '1'}`);
  return {
    kind,
    level,
    kindOptions: ALARM_KINDS.map((_, i) => ({ value: i + 1, label: kind(i + 1) })),
    levelOptions: [1, 2].map((l) => ({ value: l, label: level(l) })),
    kindList: (kinds, all) => (kinds.length === 0 ? all : kinds.map(kind).join(t('rules:separator'))),
  };
}
