/** The fields of a cluster (create and edit). */
import { useTranslation } from 'react-i18next';

import type { FieldDef } from '@/components/crud/form';
import type { ClusterPayload } from '../api/save-cluster';
import type { Cluster } from '../types';
import { EnterprisePicker } from './enterprise-picker';

export interface ClusterValues {
  name: string;
  domain: string;
  logo: string;
  remark: string;
  supervisorEntId: number | '';
}

export function clusterValues(c: Cluster | null, fallbackSupervisor: number | null): ClusterValues {
  return { name: c?.name ?? '', domain: c?.domain ?? '', logo: c?.logo ?? '', remark: c?.remark ?? '', supervisorEntId: c?.supervisorEntId ?? fallbackSupervisor ?? '' };
}

export function clusterPayload(v: ClusterValues): ClusterPayload {
  return { name: v.name.trim(), domain: v.domain.trim(), logo: v.logo.trim(), remark: v.remark.trim(), supervisorEntId: v.supervisorEntId === '' ? 0 : v.supervisorEntId };
}

export function useClusterFields(): FieldDef<ClusterValues>[] {
  const { t } = useTranslation('enterprise');
  return [
    { name: 'name', label: t('cluster.name'), type: 'text', required: true, maxLength: 64 },
    { name: 'domain', label: t('cluster.domain'), type: 'text', placeholder: 'fleet.example.com', hint: t('cluster.domainHint') },
    { name: 'supervisorEntId', label: t('cluster.supervisor'), type: 'custom', wide: true, hint: t('cluster.supervisorHint'), render: (p) => <EnterprisePicker {...p} /> },
    { name: 'logo', label: t('fields.logo'), type: 'text', placeholder: 'https://…' },
    { name: 'remark', label: t('cluster.remark'), type: 'textarea', maxLength: 200 },
  ];
}
