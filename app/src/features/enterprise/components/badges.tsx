/** State badges and enumeration labels of the enterprise area (console-spec §3), in the current language. */
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/states';
import { optionalT } from '@/lib/i18n';
import { invitationTone, relationTone, verifyTone } from '../model';

type Enumeration = 'relationType' | 'entType' | 'wheelSupport' | 'verifyState' | 'invitationState' | 'relationState' | 'invitationType' | 'position';

/** Labels of the enumerations (values the server sends), for selects and cells; an unknown value shows as itself. */
export function useEnumLabels() {
  const { i18n } = useTranslation('enterprise');
  const label = (e: Enumeration) => (v: number | string) => optionalT(i18n, `enterprise:${e}.${String(v)}`) ?? String(v);
  const relationType = label('relationType');
  return {
    relationType: (n: number | null | undefined) => (n === null || n === undefined ? '—' : relationType(n)),
    entType: label('entType'),
    wheelSupport: label('wheelSupport'),
    verifyState: label('verifyState'),
    invitationState: label('invitationState'),
    relationState: label('relationState'),
    invitationType: label('invitationType'),
    position: label('position'),
  };
}

export function VerifyBadge({ state }: { state: number }) {
  const labels = useEnumLabels();
  return <Badge tone={verifyTone(state)}>{labels.verifyState(state)}</Badge>;
}

export function InvitationStateBadge({ state }: { state: number }) {
  const labels = useEnumLabels();
  return <Badge tone={invitationTone(state)}>{labels.invitationState(state)}</Badge>;
}

export function RelationStateBadge({ state }: { state: number }) {
  const labels = useEnumLabels();
  return <Badge tone={relationTone(state)}>{labels.relationState(state)}</Badge>;
}
