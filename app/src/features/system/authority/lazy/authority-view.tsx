/** superAdmin/authority: the role tree; create (also as a child), copy, edit, delete; permissions in a side panel. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '@/components/crud/data-table';
import { FormDialog } from '@/components/crud/form-dialog';
import type { FieldDef, Option } from '@/components/crud/form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage } from '@/components/crud/view';
import { Drawer } from '@/components/ui/drawer';
import { useApp } from '@/lib/app-context';
import { confirmAction } from '@/lib/feedback';
import { orUndefined } from '@/lib/format';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import { flattenAuthorities, type Authority, type BaseMenu } from '../../types';
import { useCopyAuthority } from '../api/copy-authority';
import { useCreateAuthority } from '../api/create-authority';
import { useDeleteAuthority } from '../api/delete-authority';
import { useAuthorities } from '../api/get-authorities';
import { useBaseMenuTree } from '../api/get-base-menu-tree';
import { useUpdateAuthority } from '../api/update-authority';
import { RolePermissions } from '../components/role-permissions';

interface Values { parentId: number | ''; authorityId: number | ''; authorityName: string; defaultRouter: string | number }
interface Row { authority: Authority; depth: number }
type DialogState = { kind: 'create'; parentId: number } | { kind: 'edit'; authority: Authority } | { kind: 'copy'; authority: Authority } | null;

export default function AuthorityView({ route }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const can = useButtons();
  const authorities = useAuthorities();
  const create = useCreateAuthority();
  const copy = useCopyAuthority();
  const update = useUpdateAuthority();
  const remove = useDeleteAuthority();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [permFor, setPermFor] = useState<number | null>(null);
  const rows = flattenAuthorities(authorities.data);
  // the landing page after sign-in: the map, or a menu view (by route name)
  const menus = useBaseMenuTree(dialog?.kind === 'edit');
  const permAuthority = rows.find((r) => r.authority.authorityId === permFor)?.authority ?? null;
  const title = menuTitle(route, lang);

  const parentOptions: Option[] = [
    { value: 0, label: t('authority.root') },
    ...rows.map(({ authority, depth }) => ({ value: authority.authorityId, label: `${'· '.repeat(depth)}${authority.authorityName} (${authority.authorityId})` })),
  ];
  const fields = (idLocked: boolean): FieldDef<Values>[] => [
    { name: 'parentId', label: t('authority.parent'), type: 'select', required: true, options: parentOptions },
    {
      name: 'authorityId',
      label: t('authority.id'),
      type: 'number',
      required: true,
      disabled: idLocked,
      validate: (v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? null : t('authority.idInvalid')),
    },
    { name: 'authorityName', label: t('authority.name'), type: 'text', required: true, maxLength: 64 },
  ];
  const views = (list: readonly BaseMenu[] | undefined): BaseMenu[] =>
    (list ?? []).flatMap((m) => [...(m.component && m.component !== 'layout/routerHolder' && !m.hidden && !m.path.includes(':') ? [m] : []), ...views(m.children ?? [])]);
  const routerOptions: Option[] = [
    { value: 'map', label: t('authority.mapRoute') },
    ...views(menus.data).map((m) => ({ value: m.name, label: `${orUndefined(lang === 'en' ? m.meta.titleEn : m.meta.title) ?? m.name} (${m.name})` })),
  ];
  const editFields: FieldDef<Values>[] = [
    ...fields(true),
    { name: 'defaultRouter', label: t('authority.defaultRouter'), type: 'select', options: routerOptions, hint: t('authority.defaultRouterHint') },
  ];

  const onDelete = async (a: Authority) => {
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('authority.confirmDelete', { name: a.authorityName }) });
    if (ok) await remove.mutateAsync(a.authorityId).catch(() => undefined);
  };

  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('authority.name'),
      primary: true,
      cell: ({ authority, depth }) => (
        <span className="flex items-center gap-2" style={{ paddingLeft: `${depth * 1.25}rem` }}>
          {depth > 0 ? <span className="text-slate-300">└</span> : null}
          <span className="font-medium text-slate-900">{authority.authorityName}</span>
        </span>
      ),
    },
    { key: 'id', header: t('authority.id'), cell: ({ authority }) => <span className="tabular-nums">{authority.authorityId}</span> },
    { key: 'defaultRouter', header: t('authority.defaultRouter'), cell: ({ authority }) => <span className="font-mono text-xs">{authority.defaultRouter ?? ''}</span> },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: ({ authority }) => (
        <RowActions>
          <RowAction
            onClick={() => {
              setPermFor(authority.authorityId);
            }}
          >
            {t('authority.permissions')}
          </RowAction>
          {can('add') ? (
            <RowAction
              onClick={() => {
                setDialog({ kind: 'create', parentId: authority.authorityId });
              }}
            >
              {t('authority.addChild')}
            </RowAction>
          ) : null}
          {can('copy') ? (
            <RowAction
              onClick={() => {
                setDialog({ kind: 'copy', authority });
              }}
            >
              {t('authority.copy')}
            </RowAction>
          ) : null}
          {can('edit') ? (
            <RowAction
              onClick={() => {
                setDialog({ kind: 'edit', authority });
              }}
            >
              {t('common.edit')}
            </RowAction>
          ) : null}
          {can('delete') ? (
            <RowAction tone="danger" onClick={() => void onDelete(authority)}>
              {t('common.delete')}
            </RowAction>
          ) : null}
        </RowActions>
      ),
    },
  ];

  const close = () => {
    setDialog(null);
  };
  const d = dialog;
  return (
    <ViewPage
      title={title}
      actions={
        <ListToolbar
          onRefresh={() => void authorities.refetch()}
          onAdd={
            can('add')
              ? () => {
                  setDialog({ kind: 'create', parentId: 0 });
                }
              : null
          }
          addLabel={t('authority.add')}
        />
      }
    >
      <Panel>
        <DataTable
          caption={title}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.authority.authorityId}
          loading={authorities.isPending}
          error={authorities.isError ? t('common.loadFailed') : null}
          onRetry={() => void authorities.refetch()}
          testId="authority-table"
        />
      </Panel>

      {d?.kind === 'create' ? (
        <FormDialog<Values>
          open
          onClose={close}
          size="md"
          columns={1}
          title={t('authority.add')}
          testId="authority-create"
          fields={fields(false)}
          initialValues={{ parentId: d.parentId, authorityId: '', authorityName: '', defaultRouter: '' }}
          onSubmit={(v) => create.mutateAsync({ authorityId: Number(v.authorityId), authorityName: v.authorityName.trim(), parentId: Number(v.parentId) })}
        />
      ) : null}
      {d?.kind === 'edit' ? (
        <FormDialog<Values>
          open
          onClose={close}
          size="md"
          columns={1}
          title={t('authority.edit', { name: d.authority.authorityName })}
          testId="authority-edit"
          fields={editFields}
          initialValues={{ parentId: d.authority.parentId ?? 0, authorityId: d.authority.authorityId, authorityName: d.authority.authorityName, defaultRouter: d.authority.defaultRouter ?? 'map' }}
          onSubmit={(v) =>
            update.mutateAsync({
              authorityId: d.authority.authorityId,
              authorityName: v.authorityName.trim(),
              parentId: Number(v.parentId),
              ...(v.defaultRouter === '' ? {} : { defaultRouter: String(v.defaultRouter) }),
            })
          }
        />
      ) : null}
      {d?.kind === 'copy' ? (
        <FormDialog<Values>
          open
          onClose={close}
          size="md"
          columns={1}
          title={t('authority.copyOf', { name: d.authority.authorityName })}
          testId="authority-copy"
          fields={fields(false)}
          initialValues={{ parentId: d.authority.parentId ?? 0, authorityId: '', authorityName: `${d.authority.authorityName} ${t('authority.copySuffix')}`, defaultRouter: '' }}
          onSubmit={(v) =>
            copy.mutateAsync({
              oldAuthorityId: d.authority.authorityId,
              authority: {
                authorityId: Number(v.authorityId),
                authorityName: v.authorityName.trim(),
                parentId: Number(v.parentId),
                dataAuthorityId: (d.authority.dataAuthorityId ?? []).map((x) => ({ authorityId: x.authorityId })),
              },
            })
          }
        />
      ) : null}

      <Drawer
        open={permAuthority !== null}
        onClose={() => {
          setPermFor(null);
        }}
        title={permAuthority ? t('authority.permissionsOf', { name: permAuthority.authorityName }) : ''}
        className="w-[44rem] max-w-[96vw]"
      >
        {permAuthority ? (
          <div className="px-5 pt-2">
            <RolePermissions key={permAuthority.authorityId} authority={permAuthority} authorities={authorities.data ?? []} />
          </div>
        ) : null}
      </Drawer>
    </ViewPage>
  );
}
