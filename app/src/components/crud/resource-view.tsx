/**
 * A whole list screen of the CRUD kit from one config: search form, table with row selection and row actions,
 * pager, add/edit dialog, delete (one or the selected), export of every page (CSV/XLSX with progress) and import
 * (CSV/XLSX with row errors). Views pass their calls and columns; anything special goes in `extra…` slots.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

import { usePageQuery, type PageCall } from '../../lib/calls';
import { confirmAction } from '../../lib/feedback';
import { useButtons } from '../../features/console/menu-route-context';
import { Button } from '../ui/button';
import { DataTable, type Column } from './data-table';
import type { ExportColumn } from './export-all';
import { ExportDialog } from './export-dialog';
import { FormDialog } from './form-dialog';
import type { FieldDef, FormValues } from './form';
import { ImportDialog, type ImportOutcome } from './import-dialog';
import { Pager } from './pager';
import { SearchForm, type SearchField, type SearchValues } from './search-form';
import { useRowSelection } from './selection';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from './view';

export interface ResourceForm<R, V extends FormValues> {
  /** The Add button's label; without it rows can only be edited (no Add button). */
  addLabel?: string;
  editTitle: (row: R) => string;
  fields: readonly FieldDef<V>[];
  empty: V;
  fromRow: (row: R) => V;
  /** Reads what the row does not carry (the detail call) before the edit dialog opens; fromRow otherwise. */
  load?: (row: R) => Promise<V>;
  /** `row` is null when adding. */
  save: (values: V, row: R | null) => Promise<unknown>;
  /** Rows that may not be edited (default: all may). */
  editable?: (row: R) => boolean;
}

export interface ResourceImport {
  title: string;
  templateColumns: readonly string[];
  templateName: string;
  upload: (file: Blob, name: string) => Promise<ImportOutcome>;
}

export interface ResourceViewProps<R, P extends object, V extends FormValues, K extends string | number> {
  title: string;
  testId: string;
  queryKey: QueryKey;
  fetchPage: PageCall<P, R>;
  /** Filters from the search form (and fixed params). */
  toParams: (search: SearchValues) => P;
  searchFields?: readonly SearchField[];
  initialSearch?: SearchValues;
  columns: readonly Column<R>[];
  rowKey: (row: R) => K;
  rowLabel: (row: R) => string;
  exportName?: string;
  /** The call the export pages through (default fetchPage); a lookup variant keeps the list's call alive. */
  exportPage?: PageCall<P, R>;
  exportColumns?: readonly ExportColumn<R>[];
  importer?: ResourceImport | null;
  form?: ResourceForm<R, V> | null;
  /** Deletes the rows with these keys (one row, or the selection). */
  remove?: ((keys: K[]) => Promise<unknown>) | null;
  /** Bulk actions for the selected keys (shown when something is selected). */
  bulkActions?: (keys: K[], clear: () => void) => ReactNode;
  rowActions?: (row: R) => ReactNode;
  toolbar?: ReactNode;
  /** Above the search form (tabs, counters…). */
  header?: ReactNode;
  /** Below the list (drawers, dialogs of the view). */
  children?: ReactNode;
  description?: ReactNode;
}

export function ResourceView<R, P extends object, V extends FormValues, K extends string | number>(props: ResourceViewProps<R, P, V, K>) {
  const { title, testId, queryKey, fetchPage, toParams, searchFields, initialSearch = {}, columns, rowKey, rowLabel, exportName, exportPage, exportColumns, importer, form, remove, bulkActions, rowActions, toolbar, header, children, description } = props;
  const { t } = useTranslation('crud');
  const can = useButtons();
  const client = useQueryClient();
  const list = useListState<SearchValues>(initialSearch);
  const params = { ...toParams(list.filters), page: list.page, pageSize: list.pageSize };
  const query = usePageQuery(queryKey, fetchPage, params);
  const rows = query.data?.list ?? [];
  const selection = useRowSelection(rows, rowKey, { page: t('selectPage'), row: (r) => t('selectRow', { name: rowLabel(r) }) });
  const [editing, setEditing] = useState<{ row: R | null; values: V } | null>(null);
  const [dialog, setDialog] = useState<'export' | 'import' | null>(null);

  const canDelete = Boolean(remove) && can('delete');
  const canEdit = Boolean(form) && can('edit');
  const bulk = canDelete || Boolean(bulkActions);
  const selected = [...selection.selected];

  const removeKeys = async (keys: K[], name: string) => {
    if (!remove) return;
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: keys.length === 1 ? t('confirmDelete', { name }) : t('confirmDeleteSelected', { count: keys.length }) });
    if (!ok) return;
    await remove(keys).catch(() => undefined);
    selection.clear();
  };

  const edit = async (row: R) => {
    if (!form) return;
    try {
      setEditing({ row, values: form.load ? await form.load(row) : form.fromRow(row) });
    } catch {
      // the request layer said why
    }
  };

  const actionColumn: Column<R> | null =
    canEdit || canDelete || rowActions
      ? {
          key: 'actions',
          header: t('actions'),
          cell: (r) => (
            <RowActions>
              {rowActions?.(r)}
              {canEdit && (form?.editable?.(r) ?? true) ? (
                <RowAction onClick={() => void edit(r)}>
                  {t('edit')}
                </RowAction>
              ) : null}
              {canDelete ? (
                <RowAction tone="danger" onClick={() => void removeKeys([rowKey(r)], rowLabel(r))}>
                  {t('delete')}
                </RowAction>
              ) : null}
            </RowActions>
          ),
        }
      : null;
  const allColumns = [...(bulk ? [selection.column] : []), ...columns, ...(actionColumn ? [actionColumn] : [])];

  return (
    <ViewPage
      title={title}
      description={description}
      actions={
        <ListToolbar
          onRefresh={() => void query.refetch()}
          onExport={exportColumns && can('export') ? () => { setDialog('export'); } : null}
          onAdd={form?.addLabel && can('add') ? () => { setEditing({ row: null, values: form.empty }); } : null}
          addLabel={form?.addLabel}
        >
          {toolbar}
          {importer && (can('import') || can('add')) ? (
            <Button variant="secondary" size="sm" onClick={() => { setDialog('import'); }}>
              {t('import')}
            </Button>
          ) : null}
        </ListToolbar>
      }
    >
      {header}
      {searchFields && searchFields.length > 0 ? (
        <Panel className="p-4">
          <SearchForm
            label={t('search')}
            initial={initialSearch}
            fields={searchFields}
            onSearch={(v) => {
              if (!list.setFilters(v)) void query.refetch();
            }}
          />
        </Panel>
      ) : null}
      <Panel>
        {bulk && selected.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2 text-sm" data-testid={`${testId}-bulk`}>
            <span className="text-slate-600">{t('selected', { count: selected.length })}</span>
            {bulkActions?.(selected, selection.clear)}
            {canDelete ? (
              <Button variant="secondary" size="sm" onClick={() => void removeKeys(selected, '')}>
                {t('deleteSelected')}
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" onClick={selection.clear}>
              {t('clearSelection')}
            </Button>
          </div>
        ) : null}
        <DataTable
          caption={title}
          columns={allColumns}
          rows={rows}
          rowKey={rowKey}
          loading={query.isPending}
          stale={query.isPlaceholderData}
          error={query.isError ? t('loadFailed') : null}
          onRetry={() => void query.refetch()}
          testId={`${testId}-table`}
        />
        <div className="px-3">
          <Pager total={query.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
        </div>
      </Panel>
      {form && editing ? (
        <FormDialog<V>
          open
          onClose={() => { setEditing(null); }}
          title={editing.row ? form.editTitle(editing.row) : form.addLabel}
          testId={`${testId}-form`}
          fields={form.fields}
          initialValues={editing.values}
          onSubmit={(v) => form.save(v, editing.row)}
        />
      ) : null}
      {dialog === 'export' && exportColumns ? (
        <ExportDialog spec={{ name: exportName ?? testId, fetchPage: exportPage ?? fetchPage, params: toParams(list.filters), columns: exportColumns }} onClose={() => { setDialog(null); }} />
      ) : null}
      {dialog === 'import' && importer ? <ImportDialog {...importer} onDone={() => void client.invalidateQueries({ queryKey })} onClose={() => { setDialog(null); }} /> : null}
      {children}
    </ViewPage>
  );
}
