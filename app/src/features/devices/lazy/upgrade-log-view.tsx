/** equipmentManage/upgradeLog: every upgrade task in scope with its status, newest first. */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import { useApp } from '@/lib/app-context';
import { orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { getUpgradeLog, type UpgradeLogParams } from '../api/get-upgrade-log';
import { deviceKeys } from '../api/keys';
import { taskColumns, taskExportColumns, taskStatusLabel } from '../components/task-columns';
import { TASK_STATUSES, type TaskRow } from '../types';

export default function UpgradeLogView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  return (
    <ResourceView<TaskRow, UpgradeLogParams, object, number>
      title={menuTitle(route, lang)}
      testId="upgrade-log"
      queryKey={deviceKeys.tasks}
      fetchPage={getUpgradeLog}
      toParams={(v) => ({ imei: orUndefined(v.imei), status: v.status && /^\d$/.test(v.status) ? Number(v.status) : undefined })}
      searchFields={[
        { name: 'imei', label: t('device.imei') },
        { name: 'status', label: t('upgrade.statusLabel'), type: 'select', options: TASK_STATUSES.map((s) => ({ value: s, label: taskStatusLabel(t, s) })) },
      ]}
      columns={taskColumns(t)}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.imei}
      exportName="upgrade-log"
      exportColumns={taskExportColumns(t)}
    />
  );
}
