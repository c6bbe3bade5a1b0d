/**
 * project/flow: the enterprise's workflow templates (`flow/list`, the built-in flow first and read-only) with new,
 * copy (`copy_flow`) and delete (`del_flow`; the server refuses a flow in use and names the types or orders), and
 * the step editor of one flow (components/flow-editor.tsx). The list stays mounted while a flow is open, so going
 * back keeps its filters and page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { Panel, RowAction, ViewPage } from '@/components/crud/view';
import { Badge } from '@/components/ui/states';
import type { FlowRow } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { formatDateTime, orUndefined } from '@/lib/format';
import { useDeleteFlows } from '../api/delete-flows';
import { getFlows } from '../api/get-flows';
import { useTypes } from '../api/get-types';
import { workKeys } from '../api/keys';
import { useSaveFlow } from '../api/save-flow';
import { CopyFlowDialog, FlowEditor, flowHead, type FlowHead } from '../components/flow-editor';
import { useFlowDetailsFields, type FlowDetails } from '../components/flow-details';
import { NODE_STATES } from '../flow-model';
import { CLOSED, RESOLVED } from '../model';

export default function FlowView({ route }: MenuViewProps) {
  const { lang } = useApp();
  const [open, setOpen] = useState<FlowHead | null>(null);
  const title = menuTitle(route, lang);
  return (
    <>
      <div hidden={open !== null}>
        <FlowList title={title} onOpen={setOpen} />
      </div>
      {open ? (
        <ViewPage title={title}>
          <FlowEditor key={open.id} head={open} onBack={() => { setOpen(null); }} onOpen={setOpen} />
        </ViewPage>
      ) : null}
    </>
  );
}

function FlowList({ title, onOpen }: { title: string; onOpen: (flow: FlowHead) => void }) {
  const { t } = useTranslation('work');
  const can = useButtons();
  const types = useTypes({ page: 1, pageSize: 100 });
  const save = useSaveFlow();
  const del = useDeleteFlows();
  const [copying, setCopying] = useState<FlowRow | null>(null);
  const detailsFields = useFlowDetailsFields();
  const typeName = new Map((types.data?.list ?? []).map((ty) => [ty.id, ty.name]));
  const typeOptions = (types.data?.list ?? []).map((ty) => ({ value: String(ty.id), label: ty.name }));

  const r = useResource<FlowRow, { keyword?: string; typeId?: number }, FlowDetails, number>({
    title,
    testId: 'flows',
    queryKey: workKeys.flows,
    fetchPage: getFlows,
    toParams: (v) => ({ keyword: orUndefined(v.keyword?.trim()), typeId: v.typeId ? Number(v.typeId) : undefined }),
    searchFields: [
      { name: 'keyword', label: t('flow.name') },
      { name: 'typeId', label: t('flow.types'), type: 'select', options: typeOptions },
    ],
    columns: [
      {
        key: 'name',
        header: t('flow.name'),
        primary: true,
        cell: (f) => (
          <span className="inline-flex flex-wrap items-center gap-1.5 font-medium" data-testid={`flow-row-${String(f.id)}`}>
            {f.name}
            {f.builtIn ? <Badge>{t('flow.builtInReadOnly')}</Badge> : null}
          </span>
        ),
      },
      { key: 'description', header: t('flow.description'), cell: (f) => f.description || '—', className: 'max-w-72' },
      { key: 'enabled', header: t('flow.enabled'), cell: (f) => <Badge tone={f.enabled ? 'green' : 'slate'}>{f.enabled ? t('flow.on') : t('flow.off')}</Badge> },
      { key: 'types', header: t('flow.types'), cell: (f) => f.typeIds.map((id) => typeName.get(id) ?? `#${String(id)}`).join(', ') || '—' },
      { key: 'nodes', header: t('flow.nodeCount'), cell: (f) => f.nodeCount, align: 'right' },
      { key: 'usedBy', header: t('flow.usedBy'), cell: (f) => f.usedBy, align: 'right' },
      { key: 'updatedAt', header: t('flow.updatedAt'), cell: (f) => (f.updatedAt ? formatDateTime(f.updatedAt) : '—') },
    ],
    rowKey: (f) => f.id,
    rowLabel: (f) => f.name,
    texts: {
      search: t('flow.search'),
      loadFailed: t('flow.loadFailed'),
      empty: t('flow.empty'),
      confirmDelete: (f) => t('flow.confirmDelete', { name: f.name }),
      confirmDeleteSelected: (count) => t('flow.confirmDeleteSelected', { count }),
    },
    rowActions: (f) => (
      <>
        <RowAction onClick={() => { onOpen(flowHead(f)); }}>{f.builtIn || !can('edit') ? t('flow.view') : t('flow.edit')}</RowAction>
        {can('add') ? <RowAction onClick={() => { setCopying(f); }}>{t('flow.copy')}</RowAction> : null}
      </>
    ),
    form: {
      addLabel: t('flow.add'),
      addTitle: t('flow.addTitle'),
      description: t('flow.addHint'),
      editTitle: (f) => f.name,
      editable: () => false,
      size: 'md',
      columns: 1,
      testId: 'flow-form',
      fields: detailsFields,
      empty: { name: '', description: '', enabled: true },
      fromRow: (f) => ({ name: f.name, description: f.description, enabled: f.enabled }),
      // the shortest chain the state rules allow is pending → in progress → resolved → closed: a new flow starts as
      // that (who acts as in the built-in flow), and the editor opens on it
      save: async (v) => {
        const flow = await save.mutateAsync({
          name: v.name.trim(),
          description: v.description.trim(),
          enabled: v.enabled,
          nodes: NODE_STATES.map((state) => ({
            name: t(`flow.defaultNode.${String(state)}` as 'flow.defaultNode.100'),
            state,
            assignee: state === RESOLVED || state === CLOSED ? 'requester' : 'assignee',
          })),
        });
        onOpen(flowHead(flow));
      },
    },
    removable: (f) => !f.builtIn,
    remove: (ids) => del.mutateAsync({ ids }),
  });

  return (
    <ViewPage title={title} description={t('flow.intro')} actions={r.toolbar}>
      {r.search ? <Panel className="p-4">{r.search}</Panel> : null}
      <Panel>
        {r.bulkBar}
        {r.table}
        {r.pager ? <div className="px-3">{r.pager}</div> : null}
      </Panel>
      {r.dialogs}
      {copying ? <CopyFlowDialog source={copying} onClose={() => { setCopying(null); }} onCopied={onOpen} /> : null}
    </ViewPage>
  );
}
