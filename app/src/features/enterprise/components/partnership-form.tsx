/**
 * The partnership dialog (superAdmin/partnershipDialog): one form for the four ways to start working with another
 * enterprise — request a relation (relation), invite it into a relation (invite), invite it to take vehicles into
 * maintenance custody (invite_car), or share vehicles with a cooperation partner (setCooperation).
 */
import { useTranslation } from 'react-i18next';

import type { FieldDef } from '@/components/crud/form';
import { useEnterpriseId } from '@/lib/console/session-context';
import { useInvite } from '../api/invite';
import { useInviteVehicles } from '../api/invite-vehicles';
import { useRequestRelation } from '../api/request-relation';
import { useSetCooperation } from '../api/set-cooperation';
import { INVITABLE_RELATION_TYPES, parseIdList, RELATION_TYPES } from '../model';
import { useEnumLabels } from './badges';
import { EnterprisePicker } from './enterprise-picker';

export type PartnershipMode = 'invite' | 'relation' | 'custody' | 'cooperation';

export interface PartnershipValues {
  mode: PartnershipMode;
  targetEntId: number | '';
  relationType: number | '';
  direction: 'grant' | 'receive';
  vehicleIds: string;
  remark: string;
}

export const PARTNERSHIP_INITIAL: PartnershipValues = { mode: 'invite', targetEntId: '', relationType: 4, direction: 'grant', vehicleIds: '', remark: '' };

const needsVehicles = (m: PartnershipMode) => m === 'custody' || m === 'cooperation';

export function usePartnershipForm(): { fields: FieldDef<PartnershipValues>[]; submit: (v: PartnershipValues) => Promise<unknown> } {
  const { t } = useTranslation('enterprise');
  const labels = useEnumLabels();
  const own = useEnterpriseId();
  const invite = useInvite();
  const inviteVehicles = useInviteVehicles();
  const request = useRequestRelation();
  const cooperation = useSetCooperation();

  const fields: FieldDef<PartnershipValues>[] = [
    {
      name: 'mode',
      label: t('partner.mode'),
      type: 'select',
      required: true,
      wide: true,
      options: (['invite', 'relation', 'custody', 'cooperation'] as const).map((m) => ({ value: m, label: t(`partner.modes.${m}`) })),
    },
    {
      name: 'targetEntId',
      label: t('partner.target'),
      type: 'custom',
      required: true,
      wide: true,
      hint: t('partner.targetHint'),
      render: (p) => <EnterprisePicker {...p} exclude={own === null ? [] : [own]} />,
    },
    {
      name: 'relationType',
      label: t('partner.relationType'),
      type: 'select',
      required: true,
      hidden: (v) => needsVehicles(v.mode),
      // an invitation offers custody, customer or cooperation; a request may also be superior-subordinate
      options: RELATION_TYPES.filter((n) => n > 0).map((n) => ({ value: n, label: labels.relationType(n) })),
      validate: (value, v) => (v.mode === 'invite' && !(INVITABLE_RELATION_TYPES as readonly unknown[]).includes(value) ? t('partner.inviteTypes') : null),
    },
    {
      name: 'direction',
      label: t('partner.direction'),
      type: 'select',
      required: true,
      hidden: (v) => v.mode !== 'relation',
      options: [
        { value: 'grant', label: t('partner.grant') },
        { value: 'receive', label: t('partner.receive') },
      ],
    },
    {
      name: 'vehicleIds',
      label: t('partner.vehicleIds'),
      type: 'textarea',
      wide: true,
      hint: t('partner.vehicleIdsHint'),
      validate: (value, v) => {
        const ids = parseIdList(typeof value === 'string' ? value : '');
        if (ids === null) return t('partner.vehicleIdsInvalid');
        if (needsVehicles(v.mode) && ids.length === 0) return t('partner.vehicleIdsRequired');
        return null;
      },
    },
    { name: 'remark', label: t('invitation.remark'), type: 'textarea', maxLength: 200, wide: true },
  ];

  const submit = (v: PartnershipValues) => {
    const target = Number(v.targetEntId);
    const vehicleIds = parseIdList(v.vehicleIds) ?? [];
    const remark = v.remark.trim() === '' ? {} : { remark: v.remark.trim() };
    switch (v.mode) {
      case 'invite':
        return invite.mutateAsync({ type: 'enterprise', targetEntId: target, relationType: Number(v.relationType), vehicleIds, ...remark });
      case 'relation':
        return request.mutateAsync({ targetEntId: target, type: Number(v.relationType), direction: v.direction, vehicleIds, ...remark });
      case 'custody':
        return inviteVehicles.mutateAsync({ targetEntId: target, vehicleIds, ...remark });
      case 'cooperation':
        return cooperation.mutateAsync({ targetEntId: target, vehicleIds, ...remark });
    }
  };
  return { fields, submit };
}
