/**
 * colony/superviseSetting: the acting enterprise's alarm thresholds — enterprise-wide and per axle position (steer,
 * drive, trailer; a position either has values of its own or follows the enterprise-wide ones) — and whether its
 * alarms go to the supervisors of its clusters. Ranges are the server's to judge: a refusal names the field
 * (`axles[1].highPressure …`), which is shown under that field.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Checkbox, Switch } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useApp } from '@/lib/app-context';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/lib/query';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useAlarmThresholds } from '../api/get-alarm-thresholds';
import { useSupervise } from '../api/get-supervise';
import { useSaveSupervise } from '../api/save-supervise';
import { useUpdateAlarmThresholds } from '../api/update-alarm-thresholds';
import { useEnumLabels } from '../components/badges';
import { ThresholdSection } from '../components/threshold-section';
import {
  ALARM_TYPES,
  AXLE_POSITIONS,
  draftErrors,
  fieldErrorOf,
  thresholdForm,
  thresholdPayload,
  type FieldError,
  type ThresholdForm,
  type ThresholdKey,
  type ThresholdSection as Section,
} from '../model';
import type { AlarmSettings, SuperviseSettings } from '../types';

function ThresholdEditor({ settings, editable }: { settings: AlarmSettings; editable: boolean }) {
  const { t } = useTranslation('enterprise');
  const labels = useEnumLabels();
  const update = useUpdateAlarmThresholds();
  const [form, setForm] = useState<ThresholdForm>(() => thresholdForm(settings));
  const [tab, setTab] = useState<Section>('general');
  const [local, setLocal] = useState<ReturnType<typeof draftErrors>>({});
  const [server, setServer] = useState<FieldError | null>(null);
  // the field to bring into view after a refusal (on a phone it is usually far above the Save button)
  const [focus, setFocus] = useState<{ section: Section; field: ThresholdKey } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!focus) return;
    const input = formRef.current?.querySelector<HTMLInputElement>(`[data-testid="thresholds-${focus.section}"] input[name="${focus.field}"]`);
    input?.scrollIntoView({ block: 'center' });
    input?.focus({ preventScroll: true });
  }, [focus]);

  const errorsOf = (section: Section): Partial<Record<ThresholdKey, string>> => {
    const out: Partial<Record<ThresholdKey, string>> = {};
    for (const [k, v] of Object.entries(local[section] ?? {})) out[k as ThresholdKey] = t(`threshold.${v}`);
    if (server?.section === section) out[server.field] = server.message;
    return out;
  };
  const clearError = (section: Section, key: ThresholdKey) => {
    if (server?.section === section && server.field === key) setServer(null);
    if (local[section]?.[key]) setLocal((l) => ({ ...l, [section]: { ...l[section], [key]: undefined } }));
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!editable || update.isPending) return;
    const found = draftErrors(form);
    setLocal(found);
    setServer(null);
    const first = (['general', ...AXLE_POSITIONS] as const).find((s) => found[s] && Object.keys(found[s]).length > 0);
    if (first) {
      setTab(first);
      const field = Object.keys(found[first] ?? {})[0] as ThresholdKey | undefined;
      if (field) setFocus({ section: first, field });
      return;
    }
    const payload = thresholdPayload(form);
    try {
      const saved = await update.mutateAsync(payload);
      setForm(thresholdForm(saved));
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const named = fieldErrorOf(err.field, err.message, payload.axles.map((a) => a.position));
      if (named) {
        setServer(named);
        setTab(named.section);
        setFocus({ section: named.section, field: named.field });
      }
    }
  };

  const tabs = [
    { id: 'general' as const, label: t('threshold.general') },
    ...AXLE_POSITIONS.map((p) => ({
      id: p,
      label: (
        <span className="flex items-center gap-1.5">
          {labels.position(p)}
          {form.axles[p].own ? <span className="bg-accent size-1.5 rounded-full" aria-hidden="true" /> : null}
        </span>
      ),
    })),
  ];

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t('threshold.title')}
      data-testid="alarm-thresholds"
      onSubmit={(e) => {
        void submit(e);
      }}
    >
      <Tabs<Section> idPrefix="thresholds" label={t('threshold.title')} value={tab} onChange={setTab} tabs={tabs} className="px-2" />
      <TabPanel idPrefix="thresholds" id="general" active={tab === 'general'} className="space-y-4 p-4">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
          {t('threshold.generalHint')}
          <Badge tone={settings.general.customized ? 'blue' : 'slate'}>{settings.general.customized ? t('threshold.customized') : t('threshold.defaults')}</Badge>
          {settings.general.updatedAt ? <span>{t('threshold.updatedAt', { time: formatDateTime(settings.general.updatedAt) })}</span> : null}
        </p>
        <ThresholdSection
          section="general"
          values={form.general}
          errors={errorsOf('general')}
          disabled={!editable}
          onChange={(key, value) => {
            clearError('general', key);
            setForm((f) => ({ ...f, general: { ...f.general, [key]: value } }));
          }}
        />
      </TabPanel>
      {AXLE_POSITIONS.map((p) => {
        const axle = form.axles[p];
        return (
          <TabPanel key={p} idPrefix="thresholds" id={p} active={tab === p} className="space-y-4 p-4">
            <div className="flex flex-wrap items-center gap-3">
              <Switch
                checked={axle.own}
                disabled={!editable}
                showLabel
                label={t('threshold.own', { position: labels.position(p) })}
                onChange={(own) => {
                  setServer(null);
                  // turning own values on starts from what applies now (this position's values as loaded)
                  setForm((f) => ({ ...f, axles: { ...f.axles, [p]: { ...f.axles[p], own } } }));
                }}
              />
              {!axle.own ? <span className="text-sm text-slate-500">{settings.axles.find((a) => a.position === p)?.customized ? t('threshold.willReset') : t('threshold.positionDefaults')}</span> : null}
            </div>
            <ThresholdSection
              section={p}
              values={axle.values}
              errors={axle.own ? errorsOf(p) : {}}
              disabled={!editable || !axle.own}
              onChange={(key, value) => {
                clearError(p, key);
                setForm((f) => ({ ...f, axles: { ...f.axles, [p]: { ...f.axles[p], values: { ...f.axles[p].values, [key]: value } } } }));
              }}
            />
          </TabPanel>
        );
      })}
      {editable ? (
        <div className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3">
          <Button
            variant="secondary"
            onClick={() => {
              setForm(thresholdForm(settings));
              setLocal({});
              setServer(null);
            }}
          >
            {t('threshold.revert')}
          </Button>
          <Button type="submit" variant="accent" disabled={update.isPending} aria-busy={update.isPending}>
            {update.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {t('threshold.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

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
