/** superAdmin/dictionaryDetail/:id: the entries of one dictionary, paged; create, edit, delete. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '../../../../components/crud/data-table';
import { FormDialog } from '../../../../components/crud/form-dialog';
import type { FieldDef, Option } from '../../../../components/crud/form';
import { Pager } from '../../../../components/crud/pager';
import { SearchForm } from '../../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from '../../../../components/crud/view';
import { LinkButton } from '../../../../components/ui/button';
import { ChevronLeftIcon } from '../../../../components/ui/icons';
import { Badge } from '../../../../components/ui/states';
import { orUndefined } from '../../../../lib/format';
import { useApp } from '../../../../lib/app-context';
import { confirmAction } from '../../../../lib/feedback';
import type { MenuViewProps } from '../../../console/registry';
import { useButtons } from '../../../console/menu-route-context';
import { menuTitle } from '../../../console/menu-routes';
import { useMenuPath } from '../../../console/use-menu-path';
import { detailLabel, type DictionaryDetail } from '../../types';
import { useDeleteDictionaryDetail } from '../api/delete-dictionary-detail';
import { useDictionaryById } from '../api/get-dictionaries';
import { useDictionaryDetails, type DetailListParams } from '../api/get-dictionary-details';
import { useSaveDictionaryDetail } from '../api/save-dictionary-detail';

type Filters = Pick<DetailListParams, 'label' | 'value' | 'status'>;
interface Values { label: string; labelEn: string; value: string; extend: string; sort: number | ''; status: boolean; parentID: number | '' }

/** Enough for every detail of one dictionary (the parent picker and parent names). */
const ALL_DETAILS = 500;

export default function DictionaryDetailView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const can = useButtons();
  const menuPath = useMenuPath();
  const dictionaryId = Number(params.id) || 0;
  const dict = useDictionaryById(dictionaryId);
  const list = useListState<Filters>({});
  const details = useDictionaryDetails({ page: list.page, pageSize: list.pageSize, sysDictionaryID: dictionaryId, ...list.filters });
  const save = useSaveDictionaryDetail();
  const remove = useDeleteDictionaryDetail();
  const all = useDictionaryDetails({ page: 1, pageSize: ALL_DETAILS, sysDictionaryID: dictionaryId });
  const [dialog, setDialog] = useState<{ detail: DictionaryDetail | null } | null>(null);
  const byId = new Map((all.data?.list ?? []).map((d) => [d.ID, d]));
  const parentName = (id: number | null | undefined) => {
    if (!id) return null;
    const p = byId.get(id);
    return p ? detailLabel(p, lang) : `#${id}`;
  };
  // a detail cannot move under itself or its own descendants (the server refuses it too)
  const editing = dialog?.detail ?? null;
  const parentOptions: Option[] = (all.data?.list ?? [])
    .filter((d) => !editing || (d.ID !== editing.ID && !d.path.split(',').includes(String(editing.ID))))
    .map((d) => ({ value: d.ID, label: `${'· '.repeat(d.level)}${detailLabel(d, lang)} (${d.value})` }));
  const back = menuPath(route.activeName ?? route.name.replace(/Detail$/, ''));
  const title = dict.data ? `${menuTitle(route, lang)} · ${dict.data.name}` : menuTitle(route, lang);

  const fields: FieldDef<Values>[] = [
    { name: 'label', label: t('dictionaries.label'), type: 'text', required: true },
    { name: 'labelEn', label: t('dictionaries.labelEn'), type: 'text' },
    { name: 'value', label: t('dictionaries.value'), type: 'text', required: true },
    { name: 'parentID', label: t('dictionaries.parentDetail'), type: 'select', options: parentOptions, placeholder: t('dictionaries.noParent') },
    { name: 'extend', label: t('dictionaries.extend'), type: 'text' },
    { name: 'sort', label: t('dictionaries.sort'), type: 'number', required: true },
    { name: 'status', label: t('dictionaries.status'), type: 'switch' },
  ];
  const onDelete = async (d: DictionaryDetail) => {
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('dictionaries.confirmDeleteDetail', { label: detailLabel(d, lang) }) });
    if (ok) await remove.mutateAsync(d.ID).catch(() => undefined);
  };
  const columns: Column<DictionaryDetail>[] = [
    {
      key: 'label',
      header: t('dictionaries.label'),
      primary: true,
      cell: (d) => (
        <span className="flex items-center gap-2" style={{ paddingLeft: `${d.level * 1.25}rem` }}>
          {d.level > 0 ? <span className="text-slate-300">└</span> : null}
          <span className="font-medium text-slate-900">{d.label}</span>
        </span>
      ),
    },
    { key: 'labelEn', header: t('dictionaries.labelEn'), cell: (d) => d.labelEn || <span className="text-slate-400">—</span> },
    { key: 'value', header: t('dictionaries.value'), cell: (d) => <span className="font-mono text-xs">{d.value}</span> },
    { key: 'parent', header: t('dictionaries.parentDetail'), cell: (d) => parentName(d.parentID) ?? <span className="text-slate-400">—</span> },
    { key: 'extend', header: t('dictionaries.extend'), cell: (d) => (d.extend ? <span className="font-mono text-xs break-all">{d.extend}</span> : '') },
    { key: 'sort', header: t('dictionaries.sort'), cell: (d) => d.sort, align: 'right' },
    { key: 'status', header: t('dictionaries.status'), cell: (d) => <Badge tone={d.status ? 'green' : 'slate'}>{d.status ? t('common.on') : t('common.off')}</Badge> },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (d) => (
        <RowActions>
          {can('edit') ? (
            <RowAction
              onClick={() => {
                setDialog({ detail: d });
              }}
            >
              {t('common.edit')}
            </RowAction>
          ) : null}
          {can('delete') ? (
            <RowAction tone="danger" onClick={() => void onDelete(d)}>
              {t('common.delete')}
            </RowAction>
          ) : null}
        </RowActions>
      ),
    },
  ];
  return (
    <ViewPage
      title={title}
      description={dict.data?.type ? <span className="font-mono">{dict.data.type}</span> : undefined}
      actions={
        <>
          {back ? (
            <LinkButton to={back} variant="secondary" size="sm">
              <ChevronLeftIcon className="size-4" />
              {t('dictionaries.back')}
            </LinkButton>
          ) : null}
          <ListToolbar
            onRefresh={() => void details.refetch()}
            onAdd={
              can('add')
                ? () => {
                    setDialog({ detail: null });
                  }
                : null
            }
            addLabel={t('dictionaries.addDetail')}
          />
        </>
      }
    >
      <Panel className="p-4">
        <SearchForm
          label={t('dictionaries.searchDetails')}
          initial={{}}
          onSearch={(v) => {
            if (!list.setFilters({ label: orUndefined(v.label), value: orUndefined(v.value), status: orUndefined(v.status) })) void details.refetch();
          }}
          fields={[
            { name: 'label', label: t('dictionaries.label') },
            { name: 'value', label: t('dictionaries.value') },
            {
              name: 'status',
              label: t('dictionaries.status'),
              type: 'select',
              options: [
                { value: 'true', label: t('common.on') },
                { value: 'false', label: t('common.off') },
              ],
            },
          ]}
        />
      </Panel>
      <Panel>
        <DataTable
          caption={title}
          columns={columns}
          rows={details.data?.list ?? []}
          rowKey={(d) => d.ID}
          loading={details.isPending}
          stale={details.isPlaceholderData}
          error={details.isError ? t('common.loadFailed') : null}
          onRetry={() => void details.refetch()}
          testId="dictionary-detail-table"
        />
        <div className="px-3">
          <Pager total={details.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
        </div>
      </Panel>
      {dialog ? (
        <FormDialog<Values>
          open
          onClose={() => {
            setDialog(null);
          }}
          size="md"
          title={dialog.detail ? t('dictionaries.editDetail', { label: detailLabel(dialog.detail, lang) }) : t('dictionaries.addDetail')}
          testId="dictionary-detail-form"
          fields={fields}
          initialValues={{
            label: dialog.detail?.label ?? '',
            labelEn: dialog.detail?.labelEn ?? '',
            value: dialog.detail?.value ?? '',
            parentID: dialog.detail?.parentID ?? '',
            extend: dialog.detail?.extend ?? '',
            sort: dialog.detail?.sort ?? 0,
            status: dialog.detail?.status !== false,
          }}
          onSubmit={(v) =>
            save.mutateAsync({
              ...(dialog.detail ? { ID: dialog.detail.ID } : {}),
              label: v.label.trim(),
              labelEn: v.labelEn.trim(),
              value: v.value.trim(),
              parentID: v.parentID === '' ? null : v.parentID,
              extend: v.extend.trim(),
              sort: Number(v.sort),
              status: v.status,
              sysDictionaryID: dictionaryId,
            })
          }
        />
      ) : null}
    </ViewPage>
  );
}
