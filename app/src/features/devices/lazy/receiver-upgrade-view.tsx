/** equipmentManage/receiverUpgrade: upgrade tasks under way (cancel queued/sent ones) and new tasks for picked receivers. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import { Button } from '@/components/ui/button';
import { useApp } from '@/lib/app-context';
import { orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useDeleteTasks } from '../api/delete-tasks';
import { getUpgradeLog, type UpgradeLogParams } from '../api/get-upgrade-log';
import { deviceKeys } from '../api/keys';
import { taskColumns, taskExportColumns, taskStatusLabel } from '../components/task-columns';
import { UpgradeDialog } from '../components/upgrade-dialog';
import { TASK_STATUSES, type TaskRow } from '../types';

export default function ReceiverUpgradeView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const cancel = useDeleteTasks();
  const [creating, setCreating] = useState(false);
  return (
    <ResourceView<TaskRow, UpgradeLogParams, object, number>
      title={menuTitle(route, lang)}
      testId="receiver-upgrade"
      queryKey={deviceKeys.tasks}
      fetchPage={getUpgradeLog}
      toParams={(v) => ({ imei: orUndefined(v.imei), status: v.status && /^\d$/.test(v.status) ? Number(v.status) : undefined })}
      initialSearch={{ status: '0' }}
      searchFields={[
        { name: 'imei', label: t('device.imei') },
        { name: 'status', label: t('upgrade.statusLabel'), type: 'select', options: TASK_STATUSES.map((s) => ({ value: s, label: taskStatusLabel(t, s) })) },
      ]}
      columns={taskColumns(t)}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.imei}
      exportName="upgrade-tasks"
      exportColumns={taskExportColumns(t)}
      bulkActions={(ids, clear) => (
        <Button variant="secondary" size="sm" onClick={() => void cancel.mutateAsync({ ids }).then(clear).catch(() => undefined)}>
          {t('upgrade.cancelTasks')}
        </Button>
      )}
      toolbar={
        <Button variant="accent" size="sm" onClick={() => { setCreating(true); }}>
          {t('upgrade.create')}
        </Button>
      }
    >
      {creating ? <UpgradeDialog onClose={() => { setCreating(false); }} /> : null}
    </ResourceView>
  );
}
