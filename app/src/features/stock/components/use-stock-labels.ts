/** The stock namespace's names of enumerations (and the shared wheel position names), as functions of the current language. */
import { useTranslation } from 'react-i18next';

import type { Option } from '@/components/crud/form';
import { useWheelNames } from '@/features/vehicles';
import { isItemKind, isMoveKind, isTyreEventKind, isTyreState, ITEM_KINDS, TYRE_STATES, type Problem } from '../model';

export function useStockLabels() {
  const { t } = useTranslation('stock');
  const { wheel } = useWheelNames();
  // The contract's kinds and states are plain strings and numbers: one without a name here shows as it is.
  const kindName = (k: string) => (isMoveKind(k) ? t(`moveKind.${k}`) : k);
  const itemKindName = (k: number) => (isItemKind(k) ? t(`itemKind.${k}`) : String(k));
  const tyreStateName = (s: number) => (isTyreState(s) ? t(`tyreState.${s}`) : String(s));
  const eventName = (k: string) => (isTyreEventKind(k) ? t(`event.${k}`) : k);
  const problem = (p: Problem | undefined): string | undefined => (p ? t(`error.${p.key}` as 'error.required', p.values) : undefined);
  const itemKindOptions: Option[] = ITEM_KINDS.map((k) => ({ value: k, label: itemKindName(k) }));
  const tyreStateOptions: Option[] = TYRE_STATES.map((s) => ({ value: s, label: tyreStateName(s) }));
  return { kindName, itemKindName, tyreStateName, eventName, wheel, problem, itemKindOptions, tyreStateOptions };
}
