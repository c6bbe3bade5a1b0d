/**
 * Invitations of the caller's side (sent, received or both), filterable by state, with the answers the caller may
 * give (accept / refuse received ones, cancel sent ones). Used by member management (members) and by cooperative
 * enterprises (enterprise and vehicle invitations).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { SelectInput } from '@/components/ui/fields';
import { formatDateTime, maskPhone } from '@/lib/format';
import { getInvitations, type InvitationListParams } from '../api/get-invitations';
import { enterpriseKeys } from '../api/keys';
import { INVITATION_STATES } from '../model';
import type { Invitation, InvitationType } from '../types';
import { InvitationStateBadge, useEnumLabels } from './badges';
import { InvitationAnswers } from './invitation-card';

type Box = 'sent' | 'received' | 'all';

export function InvitationTable({ types, initialBox = 'sent', testId }: { types: readonly InvitationType[]; initialBox?: Box; testId: string }) {
  const { t } = useTranslation('enterprise');
  const labels = useEnumLabels();
  const [box, setBox] = useState<Box>(initialBox);
  const [state, setState] = useState<string>('');
  // one type at a time, so the server pages exactly what is shown
  const [type, setType] = useState<InvitationType>(types[0] ?? 'member');
  const list = useResource<Invitation, Omit<InvitationListParams, 'page' | 'pageSize'>, object, number>({
    title: t('invitation.title'),
    testId,
    tableTestId: testId,
    queryKey: enterpriseKeys.invitations,
    fetchPage: getInvitations,
    toParams: () => ({ box, type, ...(state === '' ? {} : { state: Number(state) }) }),
    columns: [
      {
        key: 'who',
        header: t('invitation.counterpart'),
        primary: true,
        cell: (i) =>
          i.direction === 'received' ? (
            <span className="font-medium text-slate-900">{i.entName}</span>
          ) : i.type === 'member' ? (
            <span className="font-medium text-slate-900 tabular-nums">{maskPhone(i.phone)}</span>
          ) : (
            <span className="font-medium text-slate-900">{i.targetEntName}</span>
          ),
      },
      { key: 'direction', header: t('invitation.direction'), cell: (i) => t(`invitation.box.${i.direction}`) },
      { key: 'type', header: t('invitation.type'), cell: (i) => labels.invitationType(i.type) },
      {
        key: 'offer',
        header: t('invitation.offer'),
        cell: (i) => (i.type === 'member' ? i.authorityName : i.type === 'vehicle' ? t('invitation.vehicleCount', { count: i.vehicleIds.length }) : labels.relationType(i.relationType)),
      },
      { key: 'state', header: t('invitation.state'), cell: (i) => <InvitationStateBadge state={i.state} /> },
      { key: 'inviter', header: t('invitation.inviter'), cell: (i) => i.inviterName || '—', hideOnMobile: true },
      { key: 'createdAt', header: t('invitation.createdAt'), cell: (i) => formatDateTime(i.createdAt), hideOnMobile: true },
      { key: 'expiresAt', header: t('invitation.expiresAt'), cell: (i) => formatDateTime(i.expiresAt), hideOnMobile: true },
    ],
    rowKey: (i) => i.ID,
    rowLabel: (i) => i.entName,
    texts: { loadFailed: t('list.loadFailed'), empty: t('invitation.empty') },
    rowActions: (i) => <InvitationAnswers invitation={i} size="xs" />,
  });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3 px-4 pt-4">
        <label className="w-full text-xs font-medium text-slate-600 sm:w-40">
          {t('invitation.direction')}
          <SelectInput
            className="mt-1"
            value={box}
            onChange={(e) => {
              setBox(e.target.value as Box);
              list.resetPage();
            }}
          >
            {(['sent', 'received', 'all'] as const).map((b) => (
              <option key={b} value={b}>
                {t(`invitation.box.${b}`)}
              </option>
            ))}
          </SelectInput>
        </label>
        {types.length > 1 ? (
          <label className="w-full text-xs font-medium text-slate-600 sm:w-40">
            {t('invitation.type')}
            <SelectInput
              className="mt-1"
              value={type}
              onChange={(e) => {
                setType(e.target.value as InvitationType);
                list.resetPage();
              }}
            >
              {types.map((ty) => (
                <option key={ty} value={ty}>
                  {labels.invitationType(ty)}
                </option>
              ))}
            </SelectInput>
          </label>
        ) : null}
        <label className="w-full text-xs font-medium text-slate-600 sm:w-40">
          {t('invitation.state')}
          <SelectInput
            className="mt-1"
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              list.resetPage();
            }}
          >
            <option value="">{t('list.all')}</option>
            {INVITATION_STATES.map((s) => (
              <option key={s} value={s}>
                {labels.invitationState(s)}
              </option>
            ))}
          </SelectInput>
        </label>
      </div>
      {list.table}
      <div className="px-3">{list.pager}</div>
    </div>
  );
}
