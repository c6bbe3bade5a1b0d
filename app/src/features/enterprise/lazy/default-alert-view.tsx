/**
 * dataManage/defaultAlert (默认告警): the platform's default alarm thresholds — the platform enterprise's own values,
 * which every enterprise follows for each position it has not set — and who follows them: how many enterprises have
 * none of their own, and those that keep some. Platform staff edit them; ingestion applies a change within a minute.
 * Anyone else sees what applies to their enterprise, each position marked with where its values come from.
 */
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '@/components/crud/data-table';
import { Pager } from '@/components/crud/pager';
import { Panel, useListState, ViewPage } from '@/components/crud/view';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { PLATFORM_ENTERPRISE_ID, useIsPlatformStaff } from '@/features/auth';
import { useApp } from '@/lib/app-context';
import { formatDateTime } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useAlarmThresholds } from '../api/get-alarm-thresholds';
import { useDefaultsUsage } from '../api/get-defaults-usage';
import { useEnumLabels } from '../components/badges';
import { ThresholdEditor } from '../components/threshold-editor';
import type { CustomizedEnterprise } from '../types';

function Followers() {
  const { t } = useTranslation('enterprise');
  const labels = useEnumLabels();
  const list = useListState<null>(null);
  const usage = useDefaultsUsage(list.page, list.pageSize);
  const columns: Column<CustomizedEnterprise>[] = [
    { key: 'name', header: t('defaultAlert.enterprise'), cell: (r) => r.entName, primary: true },
    {
      key: 'positions',
      header: t('defaultAlert.ownPositions'),
      cell: (r) => r.positions.map((p) => (p === 'general' ? t('threshold.general') : labels.position(p))).join('、'),
    },
    { key: 'updatedAt', header: t('defaultAlert.updatedAt'), cell: (r) => formatDateTime(r.updatedAt) },
  ];
  return (
    <div className="space-y-3 p-4" data-testid="default-alert-usage">
      {usage.data ? (
        <p className="text-sm text-slate-600" data-testid="default-alert-inheriting">
          {t('defaultAlert.inheriting', { count: usage.data.inheriting })}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={usage.data?.list ?? []}
        rowKey={(r) => r.entId}
        caption={t('defaultAlert.customizedTitle')}
        loading={usage.isPending}
        error={usage.isError ? usage.error.message : null}
        onRetry={() => void usage.refetch()}
        empty={t('defaultAlert.noneCustomized')}
        stale={usage.isPlaceholderData}
        testId="default-alert-customized"
      />
      {usage.data ? <Pager total={usage.data.total} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} /> : null}
    </div>
  );
}

export default function DefaultAlertView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const can = useButtons();
  const platform = useIsPlatformStaff();
  const defaults = useAlarmThresholds(platform ? PLATFORM_ENTERPRISE_ID : null);
  return (
    <ViewPage title={menuTitle(route, lang)} description={t(platform ? 'defaultAlert.description' : 'defaultAlert.memberDescription')}>
      <Panel title={t(platform ? 'defaultAlert.thresholdsTitle' : 'defaultAlert.appliedTitle')}>
        {defaults.isError ? (
          <ErrorState message={defaults.error.message} onRetry={() => void defaults.refetch()} />
        ) : !defaults.data ? (
          <LoadingState />
        ) : (
          <ThresholdEditor
            key={`${String(defaults.data.entId)}:${defaults.data.general.updatedAt ?? ''}`}
            settings={defaults.data}
            editable={platform && can('edit')}
            entId={platform ? PLATFORM_ENTERPRISE_ID : undefined}
          />
        )}
      </Panel>
      {platform ? (
        <Panel title={t('defaultAlert.customizedTitle')}>
          <Followers />
        </Panel>
      ) : null}
    </ViewPage>
  );
}
