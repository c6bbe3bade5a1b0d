/**
 * One work order's page (the menu's `project/workOrderDetail/:id` and the fixed `/wf/:id`): the head with the
 * actions, the order's flow steps, the timeline with notes and dispose records (or, on its tab, the order's
 * discussion), tasks, parts and labour, attachments; beside them what the order is about, people, location, shipping,
 * alarms and the snapshot. One column on phones.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useButtons } from '@/lib/console/menu-route-context';
import { useOrder } from '../api/get-order';
import { sectionId } from '../flow-model';
import { IN_PROGRESS, PENDING } from '../model';
import { Discussion } from './discussion';
import { FlowSteps } from './flow-steps';
import { OrderFiles } from './order-files';
import { OrderForm } from './order-form';
import { OrderHeader } from './order-header';
import { OrderAlarms, OrderLocation, OrderPeople, OrderShipping, OrderSnapshot, OrderSubject } from './order-info';
import { OrderRepair } from './order-repair';
import { OrderTasks } from './order-tasks';
import { Timeline } from './timeline';

export function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation('work');
  const can = useButtons();
  const order = useOrder({ id }, Number.isInteger(id) && id > 0);
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<'timeline' | 'discussion'>('timeline');
  if (!Number.isInteger(id) || id <= 0) return <ErrorState message={t('detail.notFound')} />;
  if (order.isPending) return <Skeleton rows={8} />;
  if (order.isError) return <ErrorState message={order.error.message || t('detail.notFound')} onRetry={() => void order.refetch()} />;
  const o = order.data;
  const editable = o.writable && can('edit') && (o.state === PENDING || o.state === IN_PROGRESS);
  return (
    <div className="space-y-4" data-testid="order-detail" data-order-id={o.id}>
      <OrderHeader order={o} onEdit={editable ? () => { setEditing(true); } : null} />
      <FlowSteps order={o} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:col-span-2">
          {/* the sections a flow step's function is done in carry ids: the step's items lead there (flow-steps.tsx) */}
          <div id={sectionId('timeline')} tabIndex={-1} className="scroll-mt-4 outline-none">
            <Tabs
              tabs={[
                { id: 'timeline', label: t('timeline.title') },
                { id: 'discussion', label: t('discussion.title') },
              ]}
              value={tab}
              onChange={setTab}
              label={t('discussion.tabs')}
              idPrefix={`order-${String(o.id)}`}
              className="mb-3"
            />
            <TabPanel idPrefix={`order-${String(o.id)}`} id={tab} active>
              {tab === 'timeline' ? (
                <Timeline order={o} />
              ) : (
                <Panel className="flex h-[min(44rem,calc(100dvh-8rem))] min-h-[26rem] flex-col overflow-hidden">
                  <Discussion orderId={o.id} />
                </Panel>
              )}
            </TabPanel>
          </div>
          <div id={sectionId('tasks')} tabIndex={-1} className="scroll-mt-4 outline-none"><OrderTasks order={o} /></div>
          <div id={sectionId('repair')} tabIndex={-1} className="scroll-mt-4 outline-none"><OrderRepair order={o} /></div>
          <div id={sectionId('files')} tabIndex={-1} className="scroll-mt-4 outline-none"><OrderFiles order={o} /></div>
        </div>
        <div className="min-w-0 space-y-4">
          <OrderSubject order={o} />
          <OrderPeople order={o} />
          <div id={sectionId('location')} tabIndex={-1} className="scroll-mt-4 outline-none"><OrderLocation order={o} /></div>
          <OrderShipping order={o} />
          <OrderAlarms order={o} />
          <OrderSnapshot order={o} />
        </div>
      </div>
      {editing ? <OrderForm order={o} onClose={() => { setEditing(false); }} /> : null}
    </div>
  );
}
