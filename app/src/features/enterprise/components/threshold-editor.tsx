/**
 * The alarm-threshold editor of one enterprise: enterprise-wide values and per axle position (steer, drive, trailer; a
 * position either has values of its own or follows what applies above it — the enterprise-wide values, else the
 * platform's defaults, else the built-in ones). Ranges are the server's to judge: a refusal names the field
 * (`axles[1].highPressure …`), which is shown under that field. Used by the enterprise's own settings and, for the
 * platform enterprise, by the platform's default thresholds (dataManage/defaultAlert).
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/lib/query';
import { useUpdateAlarmThresholds } from '../api/update-alarm-thresholds';
import {
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
import type { AlarmSettings, ThresholdSource } from '../types';
import { useEnumLabels } from './badges';
import { ThresholdSection } from './threshold-section';

function SourceBadge({ source }: { source: ThresholdSource }) {
  const { t } = useTranslation('enterprise');
  return <Badge tone={source === 'own' ? 'blue' : source === 'platform' ? 'amber' : 'slate'}>{t(`threshold.source.${source}`)}</Badge>;
}

export function ThresholdEditor({ settings, editable, entId }: { settings: AlarmSettings; editable: boolean; entId?: number }) {
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
      const saved = await update.mutateAsync(entId === undefined ? payload : { ...payload, entId });
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
          <SourceBadge source={settings.general.source} />
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
              {!axle.own ? (
                <span className="flex items-center gap-2 text-sm text-slate-500">
                  {settings.axles.find((a) => a.position === p)?.customized ? t('threshold.willReset') : <SourceBadge source={settings.axles.find((a) => a.position === p)?.source ?? 'builtIn'} />}
                </span>
              ) : null}
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
