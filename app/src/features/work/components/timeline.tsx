/**
 * An order's timeline (`up_log`, oldest first): state changes with their remark, notes with photos, dispose records
 * (the dispose form's values), changes of the order, steps on its flow. Below it: a note with photos (`save_log`)
 * and, while the order is in progress or resolved, a dispose record from the type's dispose form (`dispose_t`,
 * `dispose_log`).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import type { FieldDef } from '@/components/crud/form';
import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TrashIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { LogRow, OrderDetail } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { confirmAction } from '@/lib/feedback';
import { formatDateTime } from '@/lib/format';
import { toText } from '@/lib/request/client';
import { useDisposeTemplate } from '../api/get-dispose-template';
import { useLogs } from '../api/get-logs';
import { useDeleteLog } from '../api/delete-log';
import { useSaveDispose } from '../api/save-dispose';
import { IN_PROGRESS, LOG_DISPOSE, LOG_NOTE, LOG_STATE, RESOLVED, templateFormValues, templateValues } from '../model';
import { LOG_STEP } from '../flow-model';
import { StateBadge } from './badges';
import { NoteComposer } from './note-composer';
import { StepLogEntry } from './flow-steps';
import { PhotoInput } from './photo-input';
import { templateFieldDefs, type Values } from './template-fields';

export function Timeline({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const { user } = useApp();
  const logs = useLogs({ orderId: order.id, page: 1, pageSize: 200 });
  const dispose = useDisposeTemplate({ typeId: order.typeId });
  const del = useDeleteLog();
  const [preview, setPreview] = useState<string | null>(null);
  const [disposing, setDisposing] = useState(false);
  const me = typeof user?.ID === 'number' ? user.ID : user?.id;
  const labels = new Map((dispose.data?.dispose ?? []).map((f) => [f.key, f.label]));
  const canDispose = order.writable && (order.state === IN_PROGRESS || order.state === RESOLVED);

  const remove = async (log: LogRow) => {
    if (await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('timeline.confirmDelete') })) await del.mutateAsync({ id: log.id }).catch(() => undefined);
  };

  return (
    <Panel
      title={t('timeline.title')}
      actions={
        canDispose && dispose.data ? (
          <Button variant="secondary" size="sm" className="max-md:h-10" onClick={() => { setDisposing(true); }} data-testid="dispose-open">
            {t('timeline.dispose')}
          </Button>
        ) : null
      }
    >
      <div className="p-4">
        {logs.isPending ? (
          <LoadingState />
        ) : logs.isError ? (
          <ErrorState message={t('timeline.loadFailed')} onRetry={() => void logs.refetch()} />
        ) : logs.data.list.length === 0 ? (
          <EmptyState title={t('timeline.empty')} />
        ) : (
          <ol className="relative space-y-4 border-l border-slate-200 pl-5" data-testid="timeline">
            {logs.data.list.map((log) => (
              <li key={log.id} className="relative" data-kind={log.kind}>
                <span aria-hidden="true" className="absolute top-1.5 -left-[25px] size-2.5 rounded-full bg-white ring-2 ring-accent" />
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                  <span className="font-medium text-slate-700">{log.userName}</span>
                  <span>{log.kind === LOG_STEP ? t('flow.order.stepLog') : t(`timeline.kind.${String(log.kind)}`, { defaultValue: '' })}</span>
                  <time className="tabular-nums" dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
                  {(log.kind === LOG_NOTE || log.kind === LOG_DISPOSE) && log.userId === me ? (
                    <button type="button" onClick={() => void remove(log)} aria-label={t('timeline.delete')} className="ml-auto grid size-8 place-items-center rounded text-slate-400 hover:bg-slate-100 hover:text-red-600">
                      <TrashIcon className="size-4" />
                    </button>
                  ) : null}
                </div>
                {log.kind === LOG_STATE && log.toState != null ? (
                  <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm">
                    {log.fromState != null ? <StateBadge state={log.fromState} /> : null}
                    <span aria-hidden="true">→</span>
                    <StateBadge state={log.toState} />
                  </p>
                ) : null}
                {log.kind === LOG_STEP ? <StepLogEntry log={log} steps={order.steps} /> : null}
                {log.content ? <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{log.content}</p> : null}
                {log.kind === LOG_DISPOSE && Object.keys(log.data).length > 0 ? (
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-lg bg-slate-50 p-2 text-sm">
                    {Object.entries(log.data).map(([k, v]) => (
                      <div key={k} className="contents">
                        <dt className="text-slate-500">{labels.get(k) ?? k}</dt>
                        <dd className="break-words text-slate-800">{toText(v)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {log.images.length > 0 ? (
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {log.images.map((url, i) => (
                      <li key={url}>
                        <button type="button" onClick={() => { setPreview(url); }} aria-label={t('photos.open', { n: i + 1 })} className="block rounded-lg focus-visible:ring-2 focus-visible:ring-accent">
                          <img src={url} alt="" loading="lazy" className="size-20 rounded-lg object-cover ring-1 ring-slate-200" />
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
      {order.writable ? (
        <NoteComposer orderId={order.id} testId="note" texts={{ label: t('timeline.note'), submit: t('timeline.addNote'), empty: t('timeline.noteEmpty') }} />
      ) : null}
      {preview ? <ImagePreview url={preview} onClose={() => { setPreview(null); }} /> : null}
      {disposing && dispose.data ? (
        <DisposeDialog orderId={order.id} dispose={dispose.data.dispose} onClose={() => { setDisposing(false); }} />
      ) : null}
    </Panel>
  );
}

export function ImagePreview({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation('work');
  return (
    <Dialog open onClose={onClose} title={t('photos.preview')} size="xl" testId="image-preview">
      <img src={url} alt={t('photos.preview')} className="mx-auto max-h-[70vh] max-w-full rounded-lg object-contain" />
      <p className="mt-2 text-center text-sm">
        <a href={url} target="_blank" rel="noreferrer" className="text-accent hover:underline">{t('photos.original')}</a>
      </p>
    </Dialog>
  );
}

/** A dispose record: the type's dispose form (required fields enforced; the server's refusal under its field). */
function DisposeDialog({ orderId, dispose, onClose }: { orderId: number; dispose: Parameters<typeof templateFieldDefs>[1]; onClose: () => void }) {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  const save = useSaveDispose();
  const fields: FieldDef<Values>[] = [
    ...templateFieldDefs('data', dispose, [], tc('select')),
    { name: 'content', label: t('timeline.remark'), type: 'textarea', wide: true, maxLength: 4000 },
    {
      name: 'images',
      label: t('photos.title'),
      type: 'custom',
      wide: true,
      render: ({ value, onChange }) => <PhotoInput value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} testId="dispose-photos" />,
    },
  ];
  const empty: Values = { content: '', images: [], ...templateFormValues('data', dispose) };
  return (
    <FormDialog<Values>
      open
      onClose={onClose}
      title={t('timeline.dispose')}
      testId="dispose-form"
      fields={fields}
      initialValues={empty}
      onSubmit={(v) =>
        save.mutateAsync({
          orderId,
          content: toText(v.content).trim(),
          images: Array.isArray(v.images) ? (v.images as string[]) : [],
          data: templateValues('data', dispose, v),
        })
      }
    />
  );
}
