/** An order's tasks (`task_list`): tick done, delete, add one with an assignee and due time (until cancelled or closed). */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Checkbox, Field, TextInput } from '@/components/ui/fields';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Badge, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { OrderDetail } from '@/lib/api-types';
import { confirmAction } from '@/lib/feedback';
import { formatDateTime } from '@/lib/format';
import { useTasks } from '../api/get-tasks';
import { useDeleteTask } from '../api/delete-task';
import { useSaveTask } from '../api/save-task';
import { useUpdateTask } from '../api/update-task';
import { CANCELLED, CLOSED, localToRfc3339 } from '../model';
import { UserPicker } from './user-picker';

export function OrderTasks({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const tasks = useTasks({ orderId: order.id, page: 1, pageSize: 100 });
  const update = useUpdateTask();
  const del = useDeleteTask();
  const open = order.writable && order.state !== CANCELLED && order.state !== CLOSED;
  const list = tasks.data?.list ?? [];
  const done = list.filter((x) => x.done).length;
  return (
    <Panel title={t('tasks.title', { done, total: list.length })}>
      <div className="p-4">
        {tasks.isPending ? (
          <LoadingState />
        ) : tasks.isError ? (
          <ErrorState message={t('tasks.loadFailed')} onRetry={() => void tasks.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title={t('tasks.empty')} />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="task-list">
            {list.map((task) => (
              <li key={task.id} className="flex items-center gap-3 py-2">
                <label className="flex min-h-10 min-w-0 flex-1 items-center gap-3">
                  <Checkbox
                    checked={task.done}
                    disabled={!open || update.isPending}
                    onChange={() => void update.mutateAsync({ id: task.id, done: !task.done }).catch(() => undefined)}
                  />
                  <span className="min-w-0">
                    <span className={task.done ? 'text-slate-400 line-through' : 'text-slate-800'}>{task.title}</span>
                    <span className="block text-xs text-slate-500">
                      {[task.assigneeName, task.dueAt ? formatDateTime(task.dueAt) : ''].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </label>
                {task.done && task.doneAt ? <Badge tone="green">{t('tasks.done')}</Badge> : null}
                {open ? (
                  <button
                    type="button"
                    aria-label={t('tasks.delete', { title: task.title })}
                    className="grid size-9 place-items-center rounded text-slate-400 hover:bg-slate-100 hover:text-red-600"
                    onClick={() =>
                      void confirmAction({ key: 'confirm.deleteTitle' }, { text: t('tasks.confirmDelete', { title: task.title }) }).then((ok) =>
                        ok ? del.mutateAsync({ id: task.id }).catch(() => undefined) : undefined,
                      )
                    }
                  >
                    <TrashIcon className="size-4" />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      {open ? <TaskAdder orderId={order.id} /> : null}
    </Panel>
  );
}

function TaskAdder({ orderId }: { orderId: number }) {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  const base = useId();
  const save = useSaveTask();
  const [title, setTitle] = useState('');
  const [assigneeId, setAssigneeId] = useState<number | null>(null);
  const [due, setDue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (title.trim() === '') {
      setError(tc('validation.required', { label: t('tasks.name') }));
      return;
    }
    try {
      await save.mutateAsync({ orderId, title: title.trim(), assigneeId, dueAt: localToRfc3339(due) });
      setTitle('');
      setDue('');
    } catch {
      // said by the request layer
    }
  };
  return (
    <form
      noValidate
      aria-label={t('tasks.add')}
      className="grid gap-3 border-t border-slate-100 p-4 md:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="task-form"
    >
      <Field label={t('tasks.name')} htmlFor={`${base}-title`} required error={error} errorId={`${base}-error`}>
        <TextInput
          id={`${base}-title`}
          value={title}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${base}-error` : undefined}
          onChange={(e) => {
            setTitle(e.target.value);
            setError(null);
          }}
        />
      </Field>
      <Field label={t('field.dueAt')} htmlFor={`${base}-due`}>
        <TextInput id={`${base}-due`} type="datetime-local" value={due} onChange={(e) => { setDue(e.target.value); }} />
      </Field>
      <Field label={t('field.assignee')} htmlFor={`${base}-who`} className="md:col-span-2">
        <UserPicker id={`${base}-who`} value={assigneeId} onChange={(id) => { setAssigneeId(id); }} testId="task-assignee" />
      </Field>
      <div className="flex justify-end md:col-span-2">
        <Button type="submit" variant="secondary" className="max-md:h-11 max-md:w-full" disabled={save.isPending}>
          <PlusIcon className="size-4" />
          {t('tasks.add')}
        </Button>
      </div>
    </form>
  );
}
