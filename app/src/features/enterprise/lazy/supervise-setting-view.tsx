/**
 * colony/superviseSetting: the acting enterprise's alarm thresholds (components/threshold-editor) and whether its
 * alarms go to the supervisors of its clusters.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Checkbox, Switch } from '@/components/ui/fields';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useAlarmThresholds } from '../api/get-alarm-thresholds';
import { useSupervise } from '../api/get-supervise';
import { useSaveSupervise } from '../api/save-supervise';
import { ThresholdEditor } from '../components/threshold-editor';
import { ALARM_TYPES } from '../model';
import type { SuperviseSettings } from '../types';

function Supervision({ settings, editable }: { settings: SuperviseSettings; editable: boolean }) {
  const { t } = useTranslation('enterprise');
  const save = useSaveSupervise();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [types, setTypes] = useState<string[]>(settings.alarmTypes);
  const dirty = enabled !== settings.enabled || types.length !== settings.alarmTypes.length || types.some((x) => !settings.alarmTypes.includes(x));
  return (
    <div className="space-y-4 p-4" data-testid="supervision">
      <Switch checked={enabled} disabled={!editable} showLabel label={t('supervise.enabled')} onChange={setEnabled} />
      <p className="text-sm text-slate-500">
        {settings.clusters.length ? t('supervise.clusters', { names: settings.clusters.map((c) => c.name).join('、') }) : t('supervise.noClusters')}
      </p>
      <fieldset disabled={!editable || !enabled}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('supervise.alarmTypes')}</legend>
        <p className="mb-2 text-xs text-slate-500">{t('supervise.alarmTypesHint')}</p>
        <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {ALARM_TYPES.map((a) => (
            <label key={a} className="flex items-center gap-2 text-sm text-slate-700">
              <Checkbox
                checked={types.includes(a)}
                onChange={() => {
                  setTypes((ts) => (ts.includes(a) ? ts.filter((x) => x !== a) : [...ts, a]));
                }}
              />
              {t(`alarmType.${a}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {editable ? (
        <div className="flex justify-end border-t border-slate-100 pt-3">
          <Button variant="accent" disabled={!dirty || save.isPending} onClick={() => void save.mutateAsync({ enabled, alarmTypes: types }).catch(() => undefined)}>
            {t('supervise.save')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export default function SuperviseSettingView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const can = useButtons();
  const alarm = useAlarmThresholds(null);
  const supervise = useSupervise();
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('threshold.description')}>
      <Panel title={t('threshold.title')}>
        {alarm.isError ? (
          <ErrorState onRetry={() => void alarm.refetch()} />
        ) : !alarm.data ? (
          <LoadingState />
        ) : (
          <ThresholdEditor key={`${alarm.data.entId}:${alarm.data.general.updatedAt ?? ''}`} settings={alarm.data} editable={can('edit')} />
        )}
      </Panel>
      <Panel title={t('supervise.title')}>
        {supervise.isError ? (
          <ErrorState onRetry={() => void supervise.refetch()} />
        ) : !supervise.data ? (
          <LoadingState />
        ) : (
          <Supervision key={supervise.data.updatedAt ?? 'default'} settings={supervise.data} editable={can('edit')} />
        )}
      </Panel>
    </ViewPage>
  );
}
