/** One invitation as a card: who invites, what is offered, until when, and the answers the caller may give. */
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { confirmAction } from '@/lib/feedback';
import { formatDateTime, maskPhone } from '@/lib/format';
import { useAnswerInvitation } from '../api/answer-invitation';
import { invitationActions } from '../model';
import type { Invitation } from '../types';
import { InvitationStateBadge, useEnumLabels } from './badges';

/** What an invitation offers, in one line. */
export function useOfferText(): (inv: Invitation) => string {
  const { t } = useTranslation('enterprise');
  const labels = useEnumLabels();
  return (inv) => {
    if (inv.type === 'member') return t('invitation.offerMember', { ent: inv.entName, role: inv.authorityName || String(inv.authorityId ?? '') });
    if (inv.type === 'vehicle') return t('invitation.offerVehicles', { ent: inv.entName, count: inv.vehicleIds.length });
    return t('invitation.offerRelation', { ent: inv.entName, type: labels.relationType(inv.relationType) });
  };
}

export function InvitationAnswers({ invitation, size = 'sm' }: { invitation: Invitation; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('enterprise');
  const answer = useAnswerInvitation();
  const actions = invitationActions(invitation);
  if (actions.length === 0) return null;
  const run = async (action: 'accept' | 'refuse' | 'cancel') => {
    if (action !== 'accept') {
      const ok = await confirmAction({ text: t(`invitation.confirm.${action}Title`) }, { text: t(`invitation.confirm.${action}`) });
      if (!ok) return;
    }
    await answer.mutateAsync({ ID: invitation.ID, action }).catch(() => undefined);
  };
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((a) => (
        <Button key={a} size={size} variant={a === 'accept' ? 'accent' : a === 'refuse' ? 'secondary' : 'danger'} disabled={answer.isPending} onClick={() => void run(a)}>
          {t(`invitation.action.${a}`)}
        </Button>
      ))}
    </div>
  );
}

export function InvitationCard({ invitation: inv }: { invitation: Invitation }) {
  const { t } = useTranslation('enterprise');
  const offer = useOfferText();
  const labels = useEnumLabels();
  return (
    <article className="rounded-xl p-4 ring-1 ring-slate-200" data-testid="invitation-card" aria-label={offer(inv)}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-slate-900">{offer(inv)}</p>
        <InvitationStateBadge state={inv.state} />
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
        <dt className="text-slate-500">{t('invitation.type')}</dt>
        <dd>{labels.invitationType(inv.type)}</dd>
        {inv.inviterName ? (
          <>
            <dt className="text-slate-500">{t('invitation.inviter')}</dt>
            <dd>{inv.inviterName}</dd>
          </>
        ) : null}
        {inv.type === 'member' && inv.phone ? (
          <>
            <dt className="text-slate-500">{t('invitation.phone')}</dt>
            <dd className="tabular-nums">{maskPhone(inv.phone)}</dd>
          </>
        ) : null}
        {inv.remark ? (
          <>
            <dt className="text-slate-500">{t('invitation.remark')}</dt>
            <dd>{inv.remark}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">{t('invitation.expiresAt')}</dt>
        <dd className="tabular-nums">{formatDateTime(inv.expiresAt)}</dd>
      </dl>
      <div className="mt-3">
        <InvitationAnswers invitation={inv} />
      </div>
    </article>
  );
}
