/**
 * The head of an order: number, title, state, grade, priority, type, people and times, and the actions the server
 * allows now (`nextStates`: start, resolve, close, cancel, reopen; cancel and reopen ask for a remark), "start now"
 * (`immediately`: an unassigned pending order is taken by the caller) and edit. On a flow of its own an order moves
 * forward through its steps instead, so only cancel and reopen stay here.
 */
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, TextArea } from '@/components/ui/fields';
import { EditIcon, SpinnerIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import type { OrderDetail } from '@/lib/api-types';
import { formatDateTime } from '@/lib/format';
import { useSetState } from '../api/set-state';
import { useStartNow } from '../api/start-now';
import { BUILT_IN_FLOW } from '../flow-model';
import { actionFor, needsRemark, PENDING, type StateAction } from '../model';
import { GradeBadge, PriorityBadge, StateBadge } from './badges';

const ACTION_VARIANT: Record<StateAction, 'accent' | 'secondary' | 'danger'> = { start: 'accent', resolve: 'accent', close: 'accent', reopen: 'secondary', cancel: 'danger' };

function Meta({ label, children }: { label: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-sm text-slate-800">{children}</dd>
    </div>
  );
}

export function OrderHeader({ order, onEdit }: { order: OrderDetail; onEdit: (() => void) | null }) {
  const { t } = useTranslation('work');
  const setState = useSetState();
  const startNow = useStartNow();
  const [asking, setAsking] = useState<{ to: number; action: StateAction } | null>(null);
  // an order on a flow of its own moves forward through its steps (FlowSteps), which check what each step asks:
  // here it keeps only what the flow does not do (cancel, reopen)
  const ownFlow = order.flowId !== BUILT_IN_FLOW;
  const canTake = !ownFlow && order.writable && order.state === PENDING && (order.assigneeId ?? null) === null;
  // an unassigned pending order is started by taking it (which also starts it)
  const actions = order.nextStates.flatMap((to) => {
    const action = actionFor(order.state, to);
    return action && !(canTake && action === 'start') && !(ownFlow && action !== 'cancel' && action !== 'reopen') ? [{ to, action }] : [];
  });

  return (
    <header className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5" data-testid="order-header">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-500 tabular-nums" data-testid="order-number">{order.number}</span>
        <span data-testid="order-state"><StateBadge state={order.state} /></span>
        <GradeBadge grade={order.grade} />
        <PriorityBadge priority={order.priority} />
        {order.overdue ? <Badge tone="red">{t('list.overdue')}</Badge> : null}
        {order.writable ? null : <Badge tone="slate">{t('detail.readOnly')}</Badge>}
      </div>
      <h2 className="text-lg font-semibold break-words text-slate-900 md:text-xl">{order.title}</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 md:grid-cols-4">
        <Meta label={t('field.type')}>{order.typeName}</Meta>
        <Meta label={t('field.requester')}>{order.requesterName}</Meta>
        <Meta label={t('field.assignee')}>{order.assigneeName || t('people.nobody')}</Meta>
        <Meta label={t('field.dueAt')}>{order.dueAt ? formatDateTime(order.dueAt) : '—'}</Meta>
        <Meta label={t('field.createdAt')}>{formatDateTime(order.createdAt)}</Meta>
        <Meta label={t('field.firstResponseAt')}>{order.firstResponseAt ? formatDateTime(order.firstResponseAt) : '—'}</Meta>
        <Meta label={t('field.resolvedAt')}>{order.resolvedAt ? formatDateTime(order.resolvedAt) : '—'}</Meta>
        <Meta label={t('field.category')}>{order.categoryName || '—'}</Meta>
      </dl>
      {actions.length > 0 || canTake || onEdit ? (
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3" data-testid="order-actions">
          {canTake ? (
            <Button variant="accent" className="max-md:h-11 max-md:flex-1" disabled={startNow.isPending} onClick={() => void startNow.mutateAsync({ id: order.id }).catch(() => undefined)} data-testid="order-take">
              {t('action.immediately')}
            </Button>
          ) : null}
          {actions.map(({ to, action }) => (
            <Button
              key={to}
              variant={ACTION_VARIANT[action]}
              className="max-md:h-11 max-md:flex-1"
              disabled={setState.isPending}
              data-testid={`order-action-${action}`}
              onClick={() => {
                if (action === 'start') void setState.mutateAsync({ id: order.id, state: to }).catch(() => undefined);
                else setAsking({ to, action });
              }}
            >
              {t(`action.${action}`)}
            </Button>
          ))}
          {onEdit ? (
            <Button variant="secondary" className="max-md:h-11" onClick={onEdit} data-testid="order-edit">
              <EditIcon className="size-4" />
              {t('list.edit')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {asking ? (
        <RemarkDialog
          action={asking.action}
          onClose={() => { setAsking(null); }}
          onSubmit={(remark) => setState.mutateAsync({ id: order.id, state: asking.to, remark })}
        />
      ) : null}
    </header>
  );
}

/** The remark of a transition: required for cancel and reopen, optional otherwise. */
function RemarkDialog({ action, onClose, onSubmit }: { action: StateAction; onClose: () => void; onSubmit: (remark: string) => Promise<unknown> }) {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const required = needsRemark(action);
  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (required && remark.trim() === '') {
      setError(tc('validation.required', { label: t('action.remark') }));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(remark.trim());
      onClose();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t(`action.${action}`)}
      testId="remark-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{tc('cancel')}</Button>
          <Button type="submit" form="remark-form" variant={action === 'cancel' ? 'danger' : 'accent'} disabled={busy} data-testid="remark-submit">
            {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {t(`action.${action}`)}
          </Button>
        </>
      }
    >
      <form id="remark-form" noValidate onSubmit={(e) => void submit(e)}>
        <Field label={t('action.remark')} htmlFor="remark-text" required={required} error={error} errorId="remark-error">
          <TextArea
            id="remark-text"
            value={remark}
            maxLength={1000}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'remark-error' : undefined}
            onChange={(e) => {
              setRemark(e.target.value);
              setError(null);
            }}
          />
        </Field>
      </form>
    </Dialog>
  );
}
