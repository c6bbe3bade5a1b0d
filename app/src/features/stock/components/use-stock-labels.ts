/** The stock namespace's names of enumerations and wheel positions, as functions of the current language. */
import { useTranslation } from 'react-i18next';

import type { Option } from '@/components/crud/form';
import { isItemKind, isMoveKind, isTyreEventKind, isTyreState, ITEM_KINDS, TYRE_STATES, wheelName, wheelsOn, type Problem } from '../model';

export function useStockLabels() {
  const { t } = useTranslation('stock');
  // The contract's kinds and states are plain strings and numbers: one without a name here shows as it is.
  const kindName = (k: string) => (isMoveKind(k) ? t(`moveKind.${k}`) : k);
  const itemKindName = (k: number) => (isItemKind(k) ? t(`itemKind.${k}`) : String(k));
  const tyreStateName = (s: number) => (isTyreState(s) ? t(`tyreState.${s}`) : String(s));
  const eventName = (k: string) => (isTyreEventKind(k) ? t(`event.${k}`) : k);
  /** "Axle 2, right outer" from the vehicle's wheels per axle; "Axle 2, wheel 3" when they are not known. */
  const wheel = (position: number | null | undefined, wheelsPerAxle: readonly number[] | null = null): string => {
    if (position === null || position === undefined) return '—';
    const name = wheelName(position, wheelsOn(position, wheelsPerAxle));
    if (!name) return String(position);
    if (name.side === null) return t('wheel.plain', { axle: name.axle, wheel: name.wheel });
    const side = t(`wheel.side.${name.side}`);
    return name.place === null ? t('wheel.sided', { axle: name.axle, side }) : t('wheel.sidedPlace', { axle: name.axle, side, place: t(`wheel.place.${name.place}`) });
  };
  const problem = (p: Problem | undefined): string | undefined => (p ? t(`error.${p.key}` as 'error.required', p.values) : undefined);
  const itemKindOptions: Option[] = ITEM_KINDS.map((k) => ({ value: k, label: itemKindName(k) }));
  const tyreStateOptions: Option[] = TYRE_STATES.map((s) => ({ value: s, label: tyreStateName(s) }));
  return { kindName, itemKindName, tyreStateName, eventName, wheel, problem, itemKindOptions, tyreStateOptions };
}
