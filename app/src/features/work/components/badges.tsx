/** Badges and labels of work orders: state, priority, grade (words from the `work` namespace, tones from model.ts). */
import { useTranslation } from 'react-i18next';

import type { Option } from '@/components/crud/form';
import { Badge } from '@/components/ui/states';
import { GRADES, PRIORITIES, STATES, gradeTone, priorityTone, stateTone } from '../model';

/** The words of the enumerations (a value the server adds later shows as its number). */
export function useWorkLabels(): { state: (s: number) => string; priority: (p: number) => string; grade: (g: number) => string; yes: string; no: string } {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  return {
    state: (s) => t(`state.${String(s)}` as 'state.100', { defaultValue: String(s) }),
    priority: (p) => t(`priority.${String(p)}` as 'priority.1', { defaultValue: String(p) }),
    grade: (g) => t(`grade.${String(g)}` as 'grade.0', { defaultValue: String(g) }),
    yes: tc('yes'),
    no: tc('no'),
  };
}

export function StateBadge({ state }: { state: number }) {
  return <Badge tone={stateTone(state)}>{useWorkLabels().state(state)}</Badge>;
}

export function PriorityBadge({ priority }: { priority: number }) {
  return <Badge tone={priorityTone(priority)}>{useWorkLabels().priority(priority)}</Badge>;
}

export function GradeBadge({ grade }: { grade: number }) {
  return <Badge tone={gradeTone(grade)}>{useWorkLabels().grade(grade)}</Badge>;
}

/** Select options of the fixed enumerations, in the page's language. */
export function useEnumOptions(): { states: Option[]; priorities: Option[]; grades: Option[]; yesNo: Option[] } {
  const l = useWorkLabels();
  return {
    states: STATES.map((s) => ({ value: s, label: l.state(s) })),
    priorities: PRIORITIES.map((p) => ({ value: p, label: l.priority(p) })),
    grades: GRADES.map((g) => ({ value: g, label: l.grade(g) })),
    yesNo: [
      { value: 'true', label: l.yes },
      { value: 'false', label: l.no },
    ],
  };
}
