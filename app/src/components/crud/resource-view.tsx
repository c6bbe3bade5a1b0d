/**
 * A whole list screen of the CRUD kit from one config: search form, table with row selection and row actions,
 * pager, add/edit dialog, delete (one or the selected), export of every page (CSV/XLSX with progress) and import
 * (CSV/XLSX with row errors). Views pass their calls, columns, search and form fields and row actions; anything
 * special goes in `extra…` slots.
 *
 * Paged (`fetchPage`: the server pages) or unpaged (`fetchAll`: the call answers the whole list; `filterRows` narrows
 * or sorts it in the browser, and there is no pager). `ResourceView` lays the pieces out as a console page;
 * `useResource` hands them to views that lay them out themselves (inside tabs, beside a tree, in a drawer).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

import { toPage, type ListCall, type PageCall } from '@/lib/calls';
import { useButtons } from '@/lib/console/menu-route-context';
import { confirmAction } from '@/lib/feedback';
import type { PageResult } from '@/lib/query';
import type { Message } from '@/lib/request/types';
import { Button } from '@/components/ui/button';
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
  /** The add dialog's title (default: addLabel). */
  addTitle?: string;
  editTitle: (row: R) => string;
  /** The fields; a function when adding (`row` null) and editing differ. */
  fields: readonly FieldDef<V>[] | ((row: R | null) => readonly FieldDef<V>[]);
  empty: V;
  fromRow: (row: R) => V;
  /** Reads what the row does not carry (the detail call) before the edit dialog opens; fromRow otherwise. */
  load?: (row: R) => Promise<V>;
  /** `row` is null when adding. */
  save: (values: V, row: R | null) => Promise<unknown>;
  /** Rows that may not be edited (default: all may). */
  editable?: (row: R) => boolean;
  /** The dialog's test id (default `<testId>-form`); a function when adding and editing differ. */
  testId?: string | ((row: R | null) => string);
  description?: ReactNode;
  submitLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  columns?: 1 | 2;
}

export interface ResourceImport {
  title: string;
  templateColumns: readonly string[];
  templateName: string;
  upload: (file: Blob, name: string) => Promise<ImportOutcome>;
}

/** The kit's own words, where a view says it in its own (each falls back to the `crud` namespace). */
export interface ResourceTexts<R> {
  /** The search form's accessible name. */
  search?: string;
  loadFailed?: string;
  empty?: ReactNode;
  actions?: string;
  edit?: string;
  delete?: string;
  /** The delete confirmation's title (default: confirm.deleteTitle). */
  deleteTitle?: Message;
  confirmDelete?: (row: R) => string;
  confirmDeleteSelected?: (count: number) => string;
  /** The row checkboxes: the header box and one row's. */
  selectPage?: string;
  selectRow?: (row: R) => string;
}

/** Where the rows come from: a paged call, or one that answers the whole list. */
export type ResourceSource<R, P> =
  | { fetchPage: PageCall<P, R>; fetchAll?: never; filterRows?: never }
  | {
      fetchAll: ListCall<P, R>;
      /** Narrows (and sorts) the whole list in the browser by the applied search values. */
      filterRows?: (rows: readonly R[], search: SearchValues) => R[];
      fetchPage?: never;
    };

export type ResourceConfig<R, P extends object, V extends FormValues, K extends string | number> = ResourceSource<R, P> & {
  /** The table's caption (and the page title in ResourceView). */
  title: string;
  testId: string;
  /** The table's test id (default `<testId>-table`). */
  tableTestId?: string;
  queryKey: QueryKey;
  /** Fetch only when true (default true). */
  enabled?: boolean;
  /** Filters from the search form (and fixed params). */
  toParams: (search: SearchValues) => P;
  searchFields?: readonly SearchField[];
  initialSearch?: SearchValues;
  columns: readonly Column<R>[];
  rowKey: (row: R) => K;
  rowLabel: (row: R) => string;
  exportName?: string;
  /** The call the export pages through (default the list's); a lookup variant keeps the list's call alive. */
  exportPage?: PageCall<P, R>;
  exportColumns?: readonly ExportColumn<R>[];
  importer?: ResourceImport | null;
  form?: ResourceForm<R, V> | null;
  /** Deletes the rows with these keys (one row, or the selection); `rows` are those of them the list shows. */
  remove?: ((keys: K[], rows: R[]) => Promise<unknown>) | null;
  /** Rows that may not be deleted (default: all may). */
  removable?: (row: R) => boolean;
  /** Bulk actions for the selected keys (shown when something is selected). */
  bulkActions?: (keys: K[], clear: () => void) => ReactNode;
  /** Row checkboxes for deleting the selected rows and for bulkActions (default true); false deletes row by row only. */
  selectable?: boolean;
  /** Whether the selection's bar (count, bulk actions, delete selected, clear) shows; false when the toolbar has them. */
  bulkBar?: boolean;
  /** Row actions before Edit. */
  rowActions?: (row: R) => ReactNode;
  /** Row actions between Edit and Delete. */
  rowActionsAfterEdit?: (row: R) => ReactNode;
  /** Also run by the refresh button (e.g. to reload a tree beside the list). */
  onRefresh?: () => void;
  /** Before the toolbar's own buttons (refresh, export, add); a function to reach the selection. */
  toolbar?: ReactNode | ((resource: ResourceHandle<R, V, K>) => ReactNode);
  texts?: ResourceTexts<R>;
};

/** What a view can do with its list (toolbar functions and views that lay the pieces out themselves). */
export interface ResourceHandle<R, V extends FormValues, K extends string | number> {
  rows: readonly R[];
  /** The list call's last answer as it came (a page's extras, e.g. the totals of a list with `collect`). */
  data: PageResult<R> | R[] | undefined;
  refetch: () => void;
  /** Opens the add dialog, optionally with some values set (e.g. the parent picked in a tree). */
  add: (values?: Partial<V>) => void;
  edit: (row: R) => void;
  selected: K[];
  clearSelection: () => void;
  /** Confirms, then deletes the selected rows. */
  removeSelected: () => void;
  /** Back to page 1 (for filters a view keeps outside the search form). */
  resetPage: () => void;
  /** The search values applied. */
  filters: SearchValues;
  /** Applies these search values over the others, as if typed and searched (e.g. a point picked on a map). */
  applySearch: (values: SearchValues) => void;
}

export interface Resource<R, V extends FormValues, K extends string | number> extends ResourceHandle<R, V, K> {
  /** ListToolbar: the view's own buttons, refresh, export, import, add. */
  toolbar: ReactNode;
  /** The search form (null without search fields). */
  search: ReactNode;
  /** The selection's bar (null when nothing is selected). */
  bulkBar: ReactNode;
  table: ReactNode;
  /** The pager (null when unpaged). */
  pager: ReactNode;
  /** Add/edit, export and import dialogs. */
  dialogs: ReactNode;
}

export function useResource<R, P extends object, V extends FormValues, K extends string | number>(config: ResourceConfig<R, P, V, K>): Resource<R, V, K> {
  const { title, testId, tableTestId, queryKey, enabled = true, toParams, searchFields, initialSearch = {}, columns, rowKey, rowLabel, exportName, exportPage, exportColumns, importer, form, remove, removable, bulkActions, selectable = true, bulkBar = true, rowActions, rowActionsAfterEdit, texts = {} } = config;
  const { t } = useTranslation('crud');
  const can = useButtons();
  const client = useQueryClient();
  const list = useListState<SearchValues>(initialSearch);
  // what the search form shows: kept here, so applySearch sets some of them beside what is typed in the others
  const [typed, setTyped] = useState<SearchValues>(initialSearch);
  const params = toParams(list.filters);
  const { fetchPage, fetchAll, filterRows } = config;
  const paged = fetchPage !== undefined;
  /** The whole list as the browser narrows it (unpaged). */
  const narrow = (all: readonly R[]): R[] => (filterRows ? filterRows(all, list.filters) : [...all]);
  // paged: the page under [...queryKey, 'list', params + paging]; unpaged: the plain list under [...queryKey, 'all', params]
  const query = useQuery({
    queryKey: paged ? [...queryKey, 'list', { ...params, page: list.page, pageSize: list.pageSize }] : [...queryKey, 'all', params],
    queryFn: ({ signal }): Promise<PageResult<R> | R[]> => (fetchPage ? fetchPage({ ...params, page: list.page, pageSize: list.pageSize }, signal) : fetchAll(params, signal)),
    placeholderData: keepPreviousData,
    enabled,
  });
  const data = query.data;
  const rows = data === undefined ? [] : Array.isArray(data) ? narrow(data) : data.list;
  const selection = useRowSelection(rows, rowKey, { page: texts.selectPage ?? t('selectPage'), row: texts.selectRow ?? ((r) => t('selectRow', { name: rowLabel(r) })) });
  const [editing, setEditing] = useState<{ row: R | null; values: V } | null>(null);
  const [dialog, setDialog] = useState<'export' | 'import' | null>(null);

  const canDelete = Boolean(remove) && can('delete');
  const canEdit = Boolean(form) && can('edit');
  const bulk = selectable && (canDelete || Boolean(bulkActions));
  const selected = [...selection.selected];
  const refetch = () => void query.refetch();

  const removeKeys = async (keys: K[], row: R | null) => {
    const shown = row ? [row] : rows.filter((r) => keys.includes(rowKey(r)));
    if (!remove) return;
    const text = row
      ? (texts.confirmDelete?.(row) ?? t('confirmDelete', { name: rowLabel(row) }))
      : (texts.confirmDeleteSelected?.(keys.length) ?? t('confirmDeleteSelected', { count: keys.length }));
    const ok = await confirmAction(texts.deleteTitle ?? { key: 'confirm.deleteTitle' }, { text });
    if (!ok) return;
    await remove(keys, shown).catch(() => undefined);
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

  const handle: ResourceHandle<R, V, K> = {
    rows,
    data,
    refetch,
    add: (values) => {
      if (form) setEditing({ row: null, values: { ...form.empty, ...values } });
    },
    edit: (row) => void edit(row),
    selected,
    clearSelection: selection.clear,
    removeSelected: () => void removeKeys(selected, null),
    resetPage: () => {
      list.setPaging(1, list.pageSize);
    },
    filters: list.filters,
    applySearch: (values) => {
      const next = { ...typed, ...values };
      setTyped(next);
      if (!list.setFilters(next)) refetch();
    },
  };

  const actionColumn: Column<R> | null =
    canEdit || canDelete || rowActions || rowActionsAfterEdit
      ? {
          key: 'actions',
          header: texts.actions ?? t('actions'),
          cell: (r) => (
            <RowActions>
              {rowActions?.(r)}
              {canEdit && (form?.editable?.(r) ?? true) ? <RowAction onClick={() => void edit(r)}>{texts.edit ?? t('edit')}</RowAction> : null}
              {rowActionsAfterEdit?.(r)}
              {canDelete && (removable?.(r) ?? true) ? (
                <RowAction tone="danger" onClick={() => void removeKeys([rowKey(r)], r)}>
                  {texts.delete ?? t('delete')}
                </RowAction>
              ) : null}
            </RowActions>
          ),
        }
      : null;
  const allColumns = [...(bulk ? [selection.column] : []), ...columns, ...(actionColumn ? [actionColumn] : [])];
  const formTestId = (row: R | null) => (typeof form?.testId === 'function' ? form.testId(row) : (form?.testId ?? `${testId}-form`));
  // unpaged: the export takes what the list shows, as one page
  const exportCall: PageCall<P, R> = exportPage ?? fetchPage ?? (async (_page, signal) => toPage(narrow(await fetchAll(params, signal))));

  return {
    ...handle,
    toolbar: (
      <ListToolbar
        onRefresh={() => {
          refetch();
          config.onRefresh?.();
        }}
        onExport={exportColumns && can('export') ? () => { setDialog('export'); } : null}
        onAdd={form?.addLabel && can('add') ? () => { handle.add(); } : null}
        addLabel={form?.addLabel}
      >
        {typeof config.toolbar === 'function' ? config.toolbar(handle) : config.toolbar}
        {importer && (can('import') || can('add')) ? (
          <Button variant="secondary" size="sm" onClick={() => { setDialog('import'); }}>
            {t('import')}
          </Button>
        ) : null}
      </ListToolbar>
    ),
    search:
      searchFields && searchFields.length > 0 ? (
        <SearchForm
          label={texts.search ?? t('search')}
          // a form that unmounts (another tab) comes back with what it showed
          values={typed}
          onValuesChange={setTyped}
          fields={searchFields}
          onSearch={(v) => {
            if (!list.setFilters(v)) refetch();
          }}
        />
      ) : null,
    bulkBar:
      bulkBar && bulk && selected.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2 text-sm" data-testid={`${testId}-bulk`}>
          <span className="text-slate-600">{t('selected', { count: selected.length })}</span>
          {bulkActions?.(selected, selection.clear)}
          {canDelete ? (
            <Button variant="secondary" size="sm" onClick={handle.removeSelected}>
              {t('deleteSelected')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={selection.clear}>
            {t('clearSelection')}
          </Button>
        </div>
      ) : null,
    table: (
      <DataTable
        caption={title}
        columns={allColumns}
        rows={rows}
        rowKey={rowKey}
        loading={query.isPending}
        stale={query.isPlaceholderData}
        error={query.isError ? (texts.loadFailed ?? t('loadFailed')) : null}
        onRetry={refetch}
        empty={texts.empty}
        testId={tableTestId ?? `${testId}-table`}
      />
    ),
    pager: paged ? <Pager total={data && !Array.isArray(data) ? data.total : 0} totalCapped={data && !Array.isArray(data) ? data.totalCapped : false} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} /> : null,
    dialogs: (
      <>
        {form && editing ? (
          <FormDialog<V>
            open
            onClose={() => { setEditing(null); }}
            title={editing.row ? form.editTitle(editing.row) : (form.addTitle ?? form.addLabel)}
            description={form.description}
            submitLabel={form.submitLabel}
            size={form.size}
            columns={form.columns}
            testId={formTestId(editing.row)}
            fields={typeof form.fields === 'function' ? form.fields(editing.row) : form.fields}
            initialValues={editing.values}
            onSubmit={(v) => form.save(v, editing.row)}
          />
        ) : null}
        {dialog === 'export' && exportColumns ? (
          <ExportDialog spec={{ name: exportName ?? testId, fetchPage: exportCall, params, columns: exportColumns }} onClose={() => { setDialog(null); }} />
        ) : null}
        {dialog === 'import' && importer ? <ImportDialog {...importer} onDone={() => void client.invalidateQueries({ queryKey })} onClose={() => { setDialog(null); }} /> : null}
      </>
    ),
  };
}

/** `remove` for calls that delete one row at a time: the keys one after the other. */
export function oneByOne<K>(removeOne: (key: K) => Promise<unknown>): (keys: K[]) => Promise<void> {
  return async (keys) => {
    for (const key of keys) await removeOne(key);
  };
}

export type ResourceViewProps<R, P extends object, V extends FormValues, K extends string | number> = ResourceConfig<R, P, V, K> & {
  /** The page title (default: the table's title). */
  heading?: ReactNode;
  /** Above the search form (tabs, counters…). */
  header?: ReactNode;
  /** Below the list (drawers, dialogs of the view). */
  children?: ReactNode;
  description?: ReactNode;
};

/** A list screen: the page frame with the toolbar, the search panel and the table panel (selection bar, pager). */
export function ResourceView<R, P extends object, V extends FormValues, K extends string | number>(props: ResourceViewProps<R, P, V, K>) {
  const { heading, header, children, description } = props;
  const r = useResource(props);
  return (
    <ViewPage title={heading ?? props.title} description={description} actions={r.toolbar}>
      {header}
      {r.search ? <Panel className="p-4">{r.search}</Panel> : null}
      <Panel>
        {r.bulkBar}
        {r.table}
        {r.pager ? <div className="px-3">{r.pager}</div> : null}
      </Panel>
      {r.dialogs}
      {children}
    </ViewPage>
  );
}
