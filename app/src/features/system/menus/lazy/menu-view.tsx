/** superAdmin/menu: the base menu tree; add (also as a child), edit (with buttons), delete. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '@/components/crud/data-table';
import { FormDialog } from '@/components/crud/form-dialog';
import type { FieldDef, Option } from '@/components/crud/form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/fields';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { confirmAction } from '@/lib/feedback';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { BaseMenu, MenuButton } from '../../types';
import { useDeleteBaseMenu } from '../api/delete-base-menu';
import { useMenuList } from '../api/get-menu-list';
import { useSaveBaseMenu } from '../api/save-base-menu';

interface Values {
  parentId: number | '';
  name: string;
  path: string;
  component: string;
  sort: number | '';
  title: string;
  titleEn: string;
  icon: string;
  activeName: string;
  hidden: boolean;
  keepAlive: boolean;
  closeTab: boolean;
  menuBtn: MenuButton[];
}
interface Row { menu: BaseMenu; depth: number }

function flatten(menus: readonly BaseMenu[] | undefined, depth = 0): Row[] {
  return (menus ?? []).flatMap((m) => [{ menu: m, depth }, ...flatten(m.children ?? [], depth + 1)]);
}

function ButtonsEditor({ value, onChange }: { value: MenuButton[]; onChange: (v: MenuButton[]) => void }) {
  const { t } = useTranslation('system');
  return (
    <div className="space-y-2">
      {value.map((b, i) => (
        <div key={i} className="flex gap-2">
          <TextInput
            aria-label={t('menus.buttonName')}
            placeholder={t('menus.buttonName')}
            value={b.name}
            onChange={(e) => {
              onChange(value.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)));
            }}
          />
          <TextInput
            aria-label={t('menus.buttonDesc')}
            placeholder={t('menus.buttonDesc')}
            value={b.desc}
            onChange={(e) => {
              onChange(value.map((x, j) => (j === i ? { ...x, desc: e.target.value } : x)));
            }}
          />
          <Button
            variant="ghost"
            size="sm"
            className="h-10 shrink-0"
            aria-label={t('menus.removeButton')}
            onClick={() => {
              onChange(value.filter((_, j) => j !== i));
            }}
          >
            <TrashIcon className="size-4" />
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          onChange([...value, { name: '', desc: '' }]);
        }}
      >
        <PlusIcon className="size-4" />
        {t('menus.addButton')}
      </Button>
    </div>
  );
}

export default function MenuView({ route }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const can = useButtons();
  const list = useMenuList();
  const save = useSaveBaseMenu();
  const remove = useDeleteBaseMenu();
  const [dialog, setDialog] = useState<{ menu: BaseMenu | null; parentId: number } | null>(null);
  const rows = flatten(list.data);
  const title = menuTitle(route, lang);
  const label = (m: BaseMenu) => (lang === 'en' ? (m.meta.titleEn ?? m.meta.title) : m.meta.title) || m.name;

  const parentOptions: Option[] = [{ value: 0, label: t('menus.root') }, ...rows.map(({ menu, depth }) => ({ value: menu.ID, label: `${'· '.repeat(depth)}${label(menu)}` }))];
  const fields: FieldDef<Values>[] = [
    { name: 'parentId', label: t('menus.parent'), type: 'select', required: true, options: parentOptions },
    { name: 'sort', label: t('menus.sort'), type: 'number', required: true, validate: (v) => (typeof v === 'number' && v >= 0 ? null : t('menus.sortInvalid')) },
    { name: 'name', label: t('menus.name'), type: 'text', required: true, pattern: { re: /^[A-Za-z][\w-]*$/, message: t('menus.nameInvalid') } },
    { name: 'path', label: t('menus.path'), type: 'text', required: true },
    { name: 'component', label: t('menus.component'), type: 'text', required: true, hint: t('menus.componentHint') },
    { name: 'icon', label: t('menus.icon'), type: 'text' },
    { name: 'title', label: t('menus.title'), type: 'text', required: true },
    { name: 'titleEn', label: t('menus.titleEn'), type: 'text' },
    { name: 'activeName', label: t('menus.activeName'), type: 'text' },
    { name: 'hidden', label: t('menus.hidden'), type: 'switch' },
    { name: 'keepAlive', label: t('menus.keepAlive'), type: 'switch' },
    { name: 'closeTab', label: t('menus.closeTab'), type: 'switch' },
    {
      name: 'menuBtn',
      label: t('menus.buttons'),
      type: 'custom',
      wide: true,
      render: ({ value, onChange }) => <ButtonsEditor value={Array.isArray(value) ? (value as MenuButton[]) : []} onChange={onChange} />,
      validate: (v) => (Array.isArray(v) && (v as MenuButton[]).some((b) => !b.name.trim()) ? t('menus.buttonNameMissing') : null),
    },
  ];

  const initial = (m: BaseMenu | null, parentId: number): Values => ({
    parentId: m?.parentId ?? parentId,
    name: m?.name ?? '',
    path: m?.path ?? '',
    component: m?.component ?? '',
    sort: m?.sort ?? 0,
    title: m?.meta.title ?? '',
    titleEn: m?.meta.titleEn ?? '',
    icon: m?.meta.icon ?? '',
    activeName: m?.meta.activeName ?? '',
    hidden: m?.hidden ?? false,
    keepAlive: m?.meta.keepAlive ?? false,
    closeTab: m?.meta.closeTab ?? false,
    menuBtn: m?.menuBtn ?? [],
  });

  const onDelete = async (m: BaseMenu) => {
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('menus.confirmDelete', { name: label(m) }) });
    if (ok) await remove.mutateAsync(m.ID).catch(() => undefined);
  };

  const yes = (v: boolean | undefined) => (v ? <Badge tone="blue">{t('common.yes')}</Badge> : <span className="text-slate-400">—</span>);
  const columns: Column<Row>[] = [
    {
      key: 'title',
      header: t('menus.title'),
      primary: true,
      cell: ({ menu, depth }) => (
        <span className="flex items-center gap-2" style={{ paddingLeft: `${depth * 1.25}rem` }}>
          {depth > 0 ? <span className="text-slate-300">└</span> : null}
          <span className="font-medium text-slate-900">{label(menu)}</span>
        </span>
      ),
    },
    { key: 'name', header: t('menus.name'), cell: ({ menu }) => <span className="font-mono text-xs">{menu.name}</span> },
    { key: 'path', header: t('menus.path'), cell: ({ menu }) => <span className="font-mono text-xs">{menu.path}</span> },
    { key: 'component', header: t('menus.component'), cell: ({ menu }) => <span className="font-mono text-xs">{menu.component}</span> },
    { key: 'sort', header: t('menus.sort'), cell: ({ menu }) => menu.sort, align: 'right' },
    { key: 'hidden', header: t('menus.hidden'), cell: ({ menu }) => yes(menu.hidden) },
    { key: 'keepAlive', header: t('menus.keepAlive'), cell: ({ menu }) => yes(menu.meta.keepAlive) },
    { key: 'closeTab', header: t('menus.closeTab'), cell: ({ menu }) => yes(menu.meta.closeTab) },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: ({ menu }) => (
        <RowActions>
          {can('add') ? (
            <RowAction
              onClick={() => {
                setDialog({ menu: null, parentId: menu.ID });
              }}
            >
              {t('menus.addChild')}
            </RowAction>
          ) : null}
          {can('edit') ? (
            <RowAction
              onClick={() => {
                setDialog({ menu, parentId: menu.parentId });
              }}
            >
              {t('common.edit')}
            </RowAction>
          ) : null}
          {can('delete') ? (
            <RowAction tone="danger" onClick={() => void onDelete(menu)}>
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
      actions={
        <ListToolbar
          onRefresh={() => void list.refetch()}
          onAdd={
            can('add')
              ? () => {
                  setDialog({ menu: null, parentId: 0 });
                }
              : null
          }
          addLabel={t('menus.add')}
        />
      }
    >
      <Panel>
        <DataTable
          caption={title}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.menu.ID}
          loading={list.isPending}
          error={list.isError ? t('common.loadFailed') : null}
          onRetry={() => void list.refetch()}
          testId="menu-table"
        />
      </Panel>
      {dialog ? (
        <FormDialog<Values>
          open
          onClose={() => {
            setDialog(null);
          }}
          title={dialog.menu ? t('menus.edit', { name: label(dialog.menu) }) : t('menus.add')}
          testId="menu-form"
          fields={fields}
          initialValues={initial(dialog.menu, dialog.parentId)}
          onSubmit={(v) =>
            save.mutateAsync({
              ...(dialog.menu ? { ID: dialog.menu.ID } : {}),
              parentId: Number(v.parentId),
              name: v.name.trim(),
              path: v.path.trim(),
              component: v.component.trim(),
              sort: Number(v.sort),
              hidden: v.hidden,
              meta: {
                title: v.title.trim(),
                titleEn: v.titleEn.trim() || undefined,
                icon: v.icon.trim(),
                keepAlive: v.keepAlive,
                closeTab: v.closeTab,
                activeName: v.activeName.trim(),
              },
              menuBtn: v.menuBtn.map((b) => ({ ...b, name: b.name.trim(), desc: b.desc.trim() })),
              parameters: dialog.menu?.parameters ?? [],
            })
          }
        />
      ) : null}
    </ViewPage>
  );
}
