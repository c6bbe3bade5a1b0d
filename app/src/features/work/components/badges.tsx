/** Badges and labels of work orders: state, priority, grade (words from the `work` namespace, tones from model.ts). */
import { useTranslation } from 'react-i18next';

import type { Option } from '@/components/crud/form';
import { Badge } from '@/components/ui/states';
import { GRADES, PRIORITIES, STATES, gradeTone, priorityTone, stateTone } from '../model';

export function StateBadge({ state }: { state: number }) {
  const { t } = useTranslation('work');
  return <Badge tone={stateTone(state)}>{t(`state.${String(state)}`, { defaultValue: String(state) })}</Badge>;
}

export function PriorityBadge({ priority }: { priority: number }) {
  const { t } = useTranslation('work');
  return <Badge tone={priorityTone(priority)}>{t(`priority.${String(priority)}`, { defaultValue: String(priority) })}</Badge>;
}

export function GradeBadge({ grade }: { grade: number }) {
  const { t } = useTranslation('work');
  return <Badge tone={gradeTone(grade)}>{t(`grade.${String(grade)}`, { defaultValue: String(grade) })}</Badge>;
}

/** Select options of the fixed enumerations, in the page's language. */
export function useEnumOptions(): { states: Option[]; priorities: Option[]; grades: Option[]; yesNo: Option[] } {
  const { t } = useTranslation('work');
  return {
    states: STATES.map((s) => ({ value: s, label: t(`state.${String(s)}`) })),
    priorities: PRIORITIES.map((p) => ({ value: p, label: t(`priority.${String(p)}`) })),
    grades: GRADES.map((g) => ({ value: g, label: t(`grade.${String(g)}`) })),
    yesNo: [
      { value: 'true', label: t('common.yes') },
      { value: 'false', label: t('common.no') },
    ],
  };
}
