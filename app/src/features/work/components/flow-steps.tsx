/**
 * An order's flow in its detail: the steps (`info.steps`) as a stepper with their display states (completed with
 * who and when, current, selectable, forbidden); for an order on a flow of its own, what the current node asks
 * (`workSetting/detail {orderId}`: fields, then functions; required or optional; done) with a way to the detail's
 * section where a function is done, and the step's form (`save_flow` without `nodeId`: the server moves the order
 * where the branches send it with the submitted values). It names the next step (the selectable one) unless a branch
 * of the current node looks at the step's own fields; then it lists where the order may go. The server names every
 * missing item in one message; the one it names first lands under its field or item. Orders on the built-in
 * flow move with the state actions of the header, so they get the stepper only.
 */
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormFields, useForm, type FieldDef } from '@/components/crud/form';
import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { ArrowRightIcon, CheckIcon, SpinnerIcon } from '@/components/ui/icons';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import type { LogRow, Node, NodeItem, OrderDetail, Step, TemplateField } from '@/lib/api-types';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/lib/query';
import { toText } from '@/lib/request/client';
import { useOrderNode } from '../api/get-order-node';
import { useSubmitStep } from '../api/submit-step';
import { BUILT_IN_FLOW, FUNCTION_SECTIONS, sectionId, stepDisplay, stepLogData, targetsDecidedByStep, type StepDisplay } from '../flow-model';
import { CLOSED, templateFormValues, templateValues } from '../model';
import { StateBadge } from './badges';
import { templateFieldDefs, type Values } from './template-fields';
import { soleVehicleId, useOrderWheelName } from './use-order-wheel-name';

export function FlowSteps({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const builtIn = order.flowId === BUILT_IN_FLOW;
  const current = order.steps.find((s) => s.display === 'current');
  const next = order.steps.find((s) => s.display === 'selectable');
  if (order.steps.length === 0) return null;
  return (
    <Panel title={t('flow.order.title')}>
      <div className="space-y-4 p-4" data-testid="flow-steps">
        <Stepper steps={order.steps} />
        {builtIn ? (
          <p className="text-sm text-slate-500">{t('flow.order.builtIn')}</p>
        ) : order.state === CLOSED ? (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600" data-testid="flow-finished">{t('flow.order.finished')}</p>
        ) : current ? (
          <CurrentNode key={current.nodeId} order={order} current={current} next={next ?? null} />
        ) : (
          <p className="text-sm text-slate-500">{t('flow.order.noNode')}</p>
        )}
      </div>
    </Panel>
  );
}

const DOT: Record<StepDisplay, string> = {
  completed: 'bg-emerald-600 text-white',
  current: 'bg-accent text-white ring-4 ring-accent/20',
  selectable: 'bg-white text-accent ring-2 ring-accent',
  forbidden: 'bg-slate-100 text-slate-400',
};

function Stepper({ steps }: { steps: readonly Step[] }) {
  const { t } = useTranslation('work');
  return (
    <ol className="flex flex-col gap-3 md:flex-row md:gap-0 md:overflow-x-auto" data-testid="flow-stepper" aria-label={t('flow.order.title')}>
      {steps.map((s, i) => {
        const display = stepDisplay(s.display);
        return (
          <li
            key={s.nodeId}
            className="flex min-w-0 items-start gap-3 md:flex-1 md:basis-40 md:flex-col md:items-center md:gap-1.5 md:text-center"
            data-display={display}
            data-testid={`flow-step-${String(i)}`}
            aria-current={display === 'current' ? 'step' : undefined}
          >
            <div className="flex items-center md:w-full">
              <span aria-hidden="true" className={cx('hidden h-px flex-1 md:block', i === 0 ? 'bg-transparent' : 'bg-slate-200')} />
              <span className={cx('grid size-8 shrink-0 place-items-center rounded-full text-xs font-semibold tabular-nums', DOT[display])}>
                {display === 'completed' ? <CheckIcon className="size-4" /> : i + 1}
              </span>
              <span aria-hidden="true" className={cx('hidden h-px flex-1 md:block', i === steps.length - 1 ? 'bg-transparent' : 'bg-slate-200')} />
            </div>
            <div className="min-w-0 md:px-2">
              <p className={cx('text-sm font-medium break-words', display === 'forbidden' ? 'text-slate-400' : 'text-slate-900')}>{s.name}</p>
              <p className="text-xs text-slate-500">
                <span className="sr-only">{t(`flow.display.${display}`)} · </span>
                <span aria-hidden="true" className={display === 'selectable' ? 'font-medium text-accent' : undefined}>{t(`flow.display.${display}`)}</span>
              </p>
              {display === 'completed' && s.at ? (
                <p className="text-xs text-slate-500">{t('flow.order.doneBy', { name: s.byName ?? '—', at: formatDateTime(s.at) })}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The image a `signature` function needs when the node has no image field of its own (the server reads `data.signature`). */
function stepFields(node: Node, signatureLabel: string): TemplateField[] {
  const needsSignature = node.functions.includes('signature') && !node.fields.some((f) => f.kind === 'image');
  return needsSignature ? [...node.fields, { key: 'signature', label: signatureLabel, kind: 'image', required: node.required.includes('signature'), options: [] }] : node.fields;
}

function CurrentNode({ order, current, next }: { order: OrderDetail; current: Step; next: Step | null }) {
  const { t } = useTranslation('work');
  const detail = useOrderNode({ orderId: order.id });
  const [itemError, setItemError] = useState<{ key: string; message: string } | null>(null);
  if (detail.isError) return <ErrorState message={detail.error.message || t('flow.order.loadFailed')} onRetry={() => void detail.refetch()} />;
  // right after a move the cached answer is still the previous node's until the refetch lands
  if (detail.isPending || detail.data.node.id !== current.nodeId) return <LoadingState />;
  const { node, items } = detail.data;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby={`flow-items-${String(order.id)}`} className="min-w-0">
        <h4 id={`flow-items-${String(order.id)}`} className="mb-2 text-sm font-semibold text-slate-900">
          {t('flow.order.asks', { name: current.name })}
        </h4>
        {items.length === 0 ? (
          <p className="text-sm text-slate-500">{t('flow.order.asksNothing')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" data-testid="flow-items">
            {items.map((it) => (
              <ItemRow key={`${it.function ? 'f' : 'v'}-${it.key}`} item={it} error={itemError?.key === it.key ? itemError.message : null} />
            ))}
          </ul>
        )}
      </section>
      <section className="min-w-0">
        {next ? (
          <NextStepForm order={order} node={node} next={next} onItemError={setItemError} />
        ) : (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600" data-testid="flow-waiting">
            {!order.writable
              ? t('flow.order.readOnly')
              : t('flow.order.waiting', { name: current.name, who: typeof node.assignee === 'object' ? t('flow.assignee.user') : t(`flow.assignee.${node.assignee}` as 'flow.assignee.assignee', { defaultValue: node.assignee }) })}
          </p>
        )}
      </section>
    </div>
  );
}

function ItemRow({ item, error }: { item: NodeItem; error: string | null }) {
  const { t } = useTranslation('work');
  const done = item.display === 'selected';
  const section = item.function ? FUNCTION_SECTIONS[item.key] : undefined;
  const errorId = `flow-item-${item.key}-error`;
  return (
    <li className="flex flex-wrap items-center gap-2 px-3 py-2" data-item={item.key} data-display={item.display}>
      <span className={cx('grid size-5 shrink-0 place-items-center rounded-full', done ? 'bg-emerald-600 text-white' : 'ring-1 ring-slate-300')} aria-hidden="true">
        {done ? <CheckIcon className="size-3.5" /> : null}
      </span>
      <span className="min-w-0 flex-1 text-sm text-slate-800">
        {item.label || item.key}
        <span className="ml-1 text-xs text-slate-500">{item.function ? t('flow.order.function') : t('flow.order.field')}</span>
      </span>
      <Badge tone={done ? 'green' : item.required ? 'amber' : 'slate'}>{done ? t('flow.order.done') : item.required ? t('flow.order.required') : t('flow.order.optional')}</Badge>
      {section && !done ? (
        <Button
          variant="link"
          size="sm"
          className="max-md:h-11"
          onClick={() => {
            const target = document.getElementById(sectionId(section));
            target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            target?.focus({ preventScroll: true });
          }}
          data-testid={`flow-item-go-${item.key}`}
        >
          {t(`flow.section.${section}`)}
          <ArrowRightIcon className="size-3.5" />
        </Button>
      ) : null}
      {error ? <p id={errorId} role="alert" className="w-full text-xs text-red-600">{error}</p> : null}
    </li>
  );
}

function NextStepForm({ order, node, next, onItemError }: { order: OrderDetail; node: Node; next: Step; onItemError: (e: { key: string; message: string } | null) => void }) {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  const submit = useSubmitStep();
  const fields = stepFields(node, t('flow.order.signature'));
  const wheelName = useOrderWheelName(soleVehicleId(order.vehicles));
  const positions = [...new Set(order.vehicles.flatMap((v) => v.positions))].map((p) => ({ value: p, label: wheelName(p) }));
  const defs: FieldDef<Values>[] = [
    ...templateFieldDefs('data', fields, positions, tc('select')),
    { name: 'remark', label: t('flow.order.remark'), type: 'textarea', wide: true, maxLength: 1000 },
  ];
  const form = useForm<Values>({ remark: '', ...templateFormValues('data', fields) });
  const [message, setMessage] = useState<string | null>(null);
  const branchTargets = targetsDecidedByStep(node.conditions, fields.map((f) => f.key));
  const decidedByStep = branchTargets.length > 0;
  const stepName = (id: number) => order.steps.find((s) => s.nodeId === id)?.name ?? `#${String(id)}`;
  const possible = [...new Set([next.nodeId, ...branchTargets])].map(stepName);
  const heading = decidedByStep ? t('flow.order.decidedByStep') : t('flow.order.nextTo', { name: next.name });

  // no check of required items here: the server names every missing one (fields and functions) in one message
  const send = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMessage(null);
    onItemError(null);
    try {
      await submit.mutateAsync({ orderId: order.id, data: templateValues('data', fields, form.values), remark: toText(form.values.remark).trim() });
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      setMessage(err.message);
      form.refused(err);
      if (err.field !== undefined && !err.field.startsWith('data.') && err.field !== 'remark') onItemError({ key: err.field, message: err.message });
    }
  };

  return (
    <form noValidate onSubmit={(e) => void send(e)} className="space-y-3" aria-label={heading} data-testid="flow-next-form">
      <h4 className="text-sm font-semibold text-slate-900">{heading}</h4>
      {decidedByStep ? (
        <p className="text-xs text-slate-500" data-testid="flow-next-possible">{t('flow.order.possibleNext', { names: possible.join(' / ') })}</p>
      ) : (
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
          {t('flow.order.nextState')}
          <StateBadge state={next.state} />
        </p>
      )}
      {message ? <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-700" data-testid="flow-next-error">{message}</p> : null}
      <FormFields fields={defs} form={form} columns={1} />
      <div className="flex justify-end">
        <Button type="submit" variant="accent" className="max-md:h-11 max-md:w-full" disabled={submit.isPending} data-testid="flow-next-submit">
          {submit.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
          {decidedByStep ? t('flow.order.submitStep') : t('flow.order.submitTo', { name: next.name })}
        </Button>
      </div>
    </form>
  );
}

/** A step entry of the timeline: the step left and the one reached (names from the order's steps), and the values submitted under their labels. */
export function StepLogEntry({ log, steps }: { log: LogRow; steps: readonly Step[] }) {
  const { fromNode, toNode, values, labels } = stepLogData(log.data);
  const name = (id: number | null) => steps.find((s) => s.nodeId === id)?.name ?? (id === null ? '—' : `#${String(id)}`);
  const entries = Object.entries(values);
  return (
    <>
      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-800">
        <span>{name(fromNode)}</span>
        <ArrowRightIcon className="size-3.5 text-slate-400" />
        <span className="font-medium">{name(toNode)}</span>
      </p>
      {entries.length > 0 ? (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-lg bg-slate-50 p-2 text-sm">
          {entries.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-500">{labels[k] ?? k}</dt>
              <dd className="break-words text-slate-800">{toText(v)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}
