/** superAdmin/dictionaryDetail/:id: the entries of one dictionary, paged; create, edit, delete. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '../../../../components/crud/data-table';
import { FormDialog } from '../../../../components/crud/form-dialog';
import type { FieldDef } from '../../../../components/crud/form';
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
import type { DictionaryDetail } from '../../types';
import { useDeleteDictionaryDetail } from '../api/delete-dictionary-detail';
import { useDictionary } from '../api/find-dictionary';
import { useDictionaryDetails, type DetailListParams } from '../api/get-dictionary-details';
import { useSaveDictionaryDetail } from '../api/save-dictionary-detail';

type Filters = Pick<DetailListParams, 'label' | 'value' | 'status'>;
interface Values { label: string; value: string; extend: string; sort: number | ''; status: boolean }

export default function DictionaryDetailView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const can = useButtons();
  const menuPath = useMenuPath();
  const dictionaryId = Number(params.id) || 0;
  const dict = useDictionary(dictionaryId);
  const list = useListState<Filters>({});
  const details = useDictionaryDetails({ page: list.page, pageSize: list.pageSize, sysDictionaryID: dictionaryId, ...list.filters });
  const save = useSaveDictionaryDetail();
  const remove = useDeleteDictionaryDetail();
  const [dialog, setDialog] = useState<{ detail: DictionaryDetail | null } | null>(null);
  const back = menuPath(route.activeName ?? route.name.replace(/Detail$/, ''));
  const title = dict.data ? `${menuTitle(route, lang)} · ${dict.data.name}` : menuTitle(route, lang);

  const fields: FieldDef<Values>[] = [
    { name: 'label', label: t('dictionaries.label'), type: 'text', required: true },
    { name: 'value', label: t('dictionaries.value'), type: 'text', required: true },
    { name: 'extend', label: t('dictionaries.extend'), type: 'text' },
    { name: 'sort', label: t('dictionaries.sort'), type: 'number', required: true },
    { name: 'status', label: t('dictionaries.status'), type: 'switch' },
  ];
  const onDelete = async (d: DictionaryDetail) => {
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('dictionaries.confirmDeleteDetail', { label: d.label }) });
    if (ok) await remove.mutateAsync(d.ID).catch(() => undefined);
  };
  const columns: Column<DictionaryDetail>[] = [
    { key: 'label', header: t('dictionaries.label'), primary: true, cell: (d) => <span className="font-medium text-slate-900">{d.label}</span> },
    { key: 'value', header: t('dictionaries.value'), cell: (d) => <span className="font-mono text-xs">{d.value}</span> },
    { key: 'extend', header: t('dictionaries.extend'), cell: (d) => d.extend ?? '' },
    { key: 'sort', header: t('dictionaries.sort'), cell: (d) => d.sort, align: 'right' },
    { key: 'status', header: t('dictionaries.status'), cell: (d) => <Badge tone={d.status === false ? 'slate' : 'green'}>{d.status === false ? t('common.off') : t('common.on')}</Badge> },
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
          title={dialog.detail ? t('dictionaries.editDetail', { label: dialog.detail.label }) : t('dictionaries.addDetail')}
          testId="dictionary-detail-form"
          fields={fields}
          initialValues={{
            label: dialog.detail?.label ?? '',
            value: dialog.detail?.value ?? '',
            extend: dialog.detail?.extend ?? '',
            sort: dialog.detail?.sort ?? 0,
            status: dialog.detail?.status !== false,
          }}
          onSubmit={(v) =>
            save.mutateAsync({
              ...(dialog.detail ? { ID: dialog.detail.ID } : {}),
              label: v.label.trim(),
              value: v.value.trim(),
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
