/**
 * Adding or changing a board chart: title, kind, measure (and a second one for scatter), the groupings the kind draws
 * (from the server's choices), range (custom: from and to) and, for rankings, how many. A refusal naming a field
 * (`chart.title`…) is shown under it.
 */
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormFields, useForm, type FieldDef } from '@/components/crud/form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/query';
import type { BoardChart, BoardChoices, ChartInput } from '../types';
import { useBoardLabels } from './use-board-labels';

export interface ChartValues {
  title: string;
  kind: string;
  measure: string;
  secondMeasure: string;
  grouping: string;
  range: string;
  startDate: string;
  endDate: string;
  topN: number | '';
}

const RANKINGS = new Set(['vehicle', 'enterprise', 'vehicleDay', 'enterpriseDay']);

export function chartValues(chart: BoardChart | null): ChartValues {
  return {
    title: chart?.title ?? '',
    kind: chart?.kind ?? 'bar',
    measure: chart?.measure ?? 'distanceKm',
    secondMeasure: chart?.secondMeasure ?? '',
    grouping: chart?.grouping ?? 'day',
    range: chart?.range ?? 'last7Days',
    startDate: chart?.startDate ?? '',
    endDate: chart?.endDate ?? '',
    topN: chart?.topN ?? '',
  };
}

export function chartInput(v: ChartValues): ChartInput {
  return {
    title: v.title.trim(),
    kind: v.kind,
    measure: v.measure,
    secondMeasure: v.kind === 'scatter' ? v.secondMeasure || null : null,
    grouping: v.grouping,
    range: v.range,
    startDate: v.range === 'custom' ? v.startDate || null : null,
    endDate: v.range === 'custom' ? v.endDate || null : null,
    topN: RANKINGS.has(v.grouping) && v.topN !== '' ? v.topN : null,
  };
}

interface ChartDialogProps {
  chart: BoardChart | null;
  choices: BoardChoices;
  onSubmit: (input: ChartInput) => Promise<unknown>;
  onClose: () => void;
}

export function ChartDialog({ chart, choices, onSubmit, onClose }: ChartDialogProps) {
  const { t } = useTranslation('dashboard');
  const labels = useBoardLabels();
  const form = useForm<ChartValues>(chartValues(chart));
  const [busy, setBusy] = useState(false);
  const { kind, grouping } = form.values;
  const groupingsOf = (k: unknown) => choices.kinds.find((c) => c.value === k)?.groupings ?? [];
  const groupings = groupingsOf(kind);
  /** The form as the fields see it: a kind that cannot draw the grouping chosen takes its first. */
  const fieldsForm = {
    ...form,
    setValue: (name: keyof ChartValues, value: unknown) => {
      form.setValue(name, value);
      const allowed = groupingsOf(value);
      if (name === 'kind' && allowed.length > 0 && !allowed.includes(grouping)) form.setValue('grouping', allowed[0]);
    },
  };
  const date = (name: 'startDate' | 'endDate'): FieldDef<ChartValues>['render'] =>
    function DateField({ id, value, onChange, invalid, describedBy }) {
      return <TextInput id={id} name={name} type="date" value={typeof value === 'string' ? value : ''} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(e) => { onChange(e.target.value); }} />;
    };
  const fields: FieldDef<ChartValues>[] = [
    { name: 'title', label: t('board.field.title'), type: 'text', required: true, maxLength: 64, wide: true },
    { name: 'kind', label: t('board.field.kind'), type: 'select', required: true, options: choices.kinds.map((c) => ({ value: c.value, label: labels.kind(c.value, c.label) })) },
    { name: 'measure', label: t('board.field.measure'), type: 'select', required: true, options: choices.measures.map((c) => ({ value: c.value, label: labels.measure(c.value, c.label) })) },
    {
      name: 'secondMeasure',
      label: t('board.field.secondMeasure'),
      type: 'select',
      required: true,
      hidden: (v) => v.kind !== 'scatter',
      options: choices.measures.map((c) => ({ value: c.value, label: labels.measure(c.value, c.label) })),
    },
    {
      name: 'grouping',
      label: t('board.field.grouping'),
      type: 'select',
      required: true,
      options: choices.groupings.filter((c) => groupings.includes(c.value)).map((c) => ({ value: c.value, label: labels.grouping(c.value, c.label) })),
    },
    { name: 'range', label: t('board.field.range'), type: 'select', required: true, options: choices.ranges.map((c) => ({ value: c.value, label: labels.range(c.value, c.label) })) },
    { name: 'startDate', label: t('board.field.startDate'), type: 'custom', required: true, hidden: (v) => v.range !== 'custom', render: date('startDate') },
    { name: 'endDate', label: t('board.field.endDate'), type: 'custom', required: true, hidden: (v) => v.range !== 'custom', render: date('endDate') },
    { name: 'topN', label: t('board.field.topN'), type: 'number', hidden: (v) => !RANKINGS.has(v.grouping), hint: t('board.topNHint'), validate: (v) => (v === '' || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 50) ? null : t('board.topNHint')) },
  ];
  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !form.validate(fields)) return;
    setBusy(true);
    try {
      await onSubmit(chartInput(form.values));
      onClose();
    } catch (err) {
      // the server names `chart.title`, the form `title`
      form.refused(err instanceof ApiError && err.field?.startsWith('chart.') ? new ApiError(err.code, err.message, err.field.slice(6)) : err);
      setBusy(false);
    }
  };
  const formId = 'board-chart-form';
  return (
    <Dialog
      open
      onClose={onClose}
      title={chart ? t('board.editChart') : t('board.addChart')}
      size="lg"
      testId="chart-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('board.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="accent" disabled={busy} aria-busy={busy}>
            {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {t('board.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)}>
        <FormFields fields={fields} form={fieldsForm} />
      </form>
    </Dialog>
  );
}
