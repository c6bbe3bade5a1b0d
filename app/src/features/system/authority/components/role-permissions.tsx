/**
 * What a role may do, in tabs: menus (menu tree → addMenuAuthority), APIs (every API → casbin policies), buttons
 * (per menu → authorityBtn) and data (whose records it sees → setDataAuthority), used by superAdmin/authority; and the
 * per-enterprise menu narrowing of /permissionSetting (EnterpriseMenus).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { CheckboxTree } from '@/components/crud/checkbox-tree';
import { effectiveIds, filterTree, normalizeChecked, type TreeNode } from '@/components/crud/tree';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectInput, TextInput } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useApp } from '@/lib/app-context';
import { useEnterpriseId } from '@/lib/console/session-context';
import { useAddEnterpriseMenuAuthority } from '../../permission-setting/api/add-enterprise-menu-authority';
import { useEnterpriseBaseMenuTree } from '../../permission-setting/api/get-enterprise-base-menu-tree';
import { useEnterpriseMenuAuthority } from '../../permission-setting/api/get-enterprise-menu-authority';
import { flattenAuthorities, type Authority, type BaseMenu, type SysApi } from '../../types';
import { useAddMenuAuthority } from '../api/add-menu-authority';
import { useAllApis } from '../api/get-all-apis';
import { useAuthorityBtns } from '../api/get-authority-btns';
import { useBaseMenuTree } from '../api/get-base-menu-tree';
import { menuIds, useRoleMenus } from '../api/get-role-menus';
import { usePolicyPaths } from '../api/get-policy-paths';
import { useSetAuthorityBtns } from '../api/set-authority-btns';
import { useSetDataAuthority } from '../api/set-data-authority';
import { useUpdateCasbin } from '../api/update-casbin';

export type PermissionTab = 'menus' | 'apis' | 'buttons' | 'data';

function menuLabel(m: BaseMenu, lang: string): string {
  const title = lang === 'en' && m.meta.titleEn ? m.meta.titleEn : m.meta.title;
  return title === '' ? m.name : title;
}

function menuNodes(menus: readonly BaseMenu[], lang: string): TreeNode[] {
  return menus.map((m) => ({ id: String(m.ID), label: menuLabel(m, lang), children: m.children?.length ? menuNodes(m.children, lang) : undefined }));
}

function flatMenus(menus: readonly BaseMenu[]): BaseMenu[] {
  return menus.flatMap((m) => [m, ...flatMenus(m.children ?? [])]);
}

/** APIs grouped by apiGroup; a node per `METHOD path`. */
export function apiNodes(apis: readonly SysApi[]): TreeNode[] {
  const groups = new Map<string, TreeNode[]>();
  for (const a of apis) {
    const list = groups.get(a.apiGroup) ?? [];
    list.push({ id: `${a.method.toUpperCase()} ${a.path}`, label: `${a.description || a.path} · ${a.method.toUpperCase()} ${a.path}` });
    groups.set(a.apiGroup, list);
  }
  return [...groups.entries()].map(([group, children]) => ({ id: `group:${group}`, label: group || '—', children }));
}

function SaveBar({ onSave, busy, dirty, extra }: { onSave: () => void; busy: boolean; dirty: boolean; extra?: ReactNode }) {
  const { t } = useTranslation('system');
  return (
    <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 bg-white py-3">
      {extra}
      <Button variant="accent" onClick={onSave} disabled={busy || !dirty} aria-busy={busy}>
        {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
        {t('permissions.save')}
      </Button>
    </div>
  );
}

/** The tree editor; remounted (key) whenever its source data changes so its state starts from the server's. */
function TreeEditor({ nodes, initial, label, onSave, busy, searchable = false }: { nodes: TreeNode[]; initial: Set<string>; label: string; onSave: (checked: Set<string>) => void; busy: boolean; searchable?: boolean }) {
  const { t } = useTranslation('system');
  const [checked, setChecked] = useState(initial);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterTree(nodes, query), [nodes, query]);
  const dirty = checked.size !== initial.size || [...checked].some((id) => !initial.has(id));
  return (
    <div>
      {searchable ? (
        <TextInput
          type="search"
          value={query}
          placeholder={t('permissions.filter')}
          aria-label={t('permissions.filter')}
          onChange={(e) => {
            setQuery(e.target.value);
          }}
          className="mb-3"
        />
      ) : null}
      {nodes.length === 0 ? <EmptyState /> : <CheckboxTree key={query} nodes={shown} checked={checked} onChange={setChecked} label={label} defaultExpanded={query !== '' || nodes.length < 8} />}
      <SaveBar
        busy={busy}
        dirty={dirty}
        onSave={() => {
          onSave(checked);
        }}
      />
    </div>
  );
}

function MenuAssign({ tree, granted, loading, failed, retry, onSave, busy }: { tree: BaseMenu[] | undefined; granted: number[] | undefined; loading: boolean; failed: boolean; retry: () => void; onSave: (ids: number[]) => Promise<unknown>; busy: boolean }) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  if (failed) return <ErrorState onRetry={retry} />;
  if (loading || !tree || !granted) return <LoadingState />;
  const nodes = menuNodes(tree, lang);
  const initial = normalizeChecked(nodes, new Set(granted.map(String)));
  return (
    <TreeEditor
      key={granted.join(',')}
      nodes={nodes}
      initial={initial}
      label={t('permissions.menus')}
      busy={busy}
      onSave={(checked) => {
        void onSave(effectiveIds(nodes, checked).map(Number)).catch(() => undefined);
      }}
    />
  );
}

function SystemMenus({ authorityId }: { authorityId: number }) {
  const tree = useBaseMenuTree();
  const granted = useRoleMenus(authorityId);
  const save = useAddMenuAuthority();
  return (
    <MenuAssign
      tree={tree.data}
      granted={granted.data ? menuIds(granted.data) : undefined}
      loading={tree.isPending || granted.isPending}
      failed={tree.isError || granted.isError}
      retry={() => {
        void tree.refetch();
        void granted.refetch();
      }}
      busy={save.isPending}
      onSave={(menuIds) => save.mutateAsync({ authorityId, menuIds })}
    />
  );
}

/** The menus a role's members see in the current enterprise (/permissionSetting): a narrowing of the role's own set. */
export function EnterpriseMenus({ authorityId }: { authorityId: number }) {
  const enterpriseId = useEnterpriseId();
  const tree = useEnterpriseBaseMenuTree(authorityId);
  const granted = useEnterpriseMenuAuthority(authorityId, enterpriseId);
  const save = useAddEnterpriseMenuAuthority();
  return (
    <MenuAssign
      tree={tree.data}
      granted={granted.data?.ids}
      loading={tree.isPending || granted.isPending}
      failed={tree.isError || granted.isError}
      retry={() => {
        void tree.refetch();
        void granted.refetch();
      }}
      busy={save.isPending}
      onSave={(menuIds) => save.mutateAsync({ authorityId, enterpriseId, menuIds })}
    />
  );
}

function ApiAssign({ authorityId }: { authorityId: number }) {
  const { t } = useTranslation('system');
  const apis = useAllApis();
  const policies = usePolicyPaths(authorityId);
  const save = useUpdateCasbin();
  if (apis.isError || policies.isError) return <ErrorState onRetry={() => void Promise.all([apis.refetch(), policies.refetch()])} />;
  if (!apis.data || !policies.data) return <LoadingState />;
  const nodes = apiNodes(apis.data);
  const initial = new Set(policies.data.map((p) => `${p.method.toUpperCase()} ${p.path}`));
  return (
    <TreeEditor
      key={[...initial].join('|')}
      nodes={nodes}
      initial={initial}
      label={t('permissions.apis')}
      busy={save.isPending}
      searchable
      onSave={(checked) => {
        const casbinInfos = [...checked]
          .filter((id) => !id.startsWith('group:'))
          .map((id) => {
            const sp = id.indexOf(' ');
            return { method: id.slice(0, sp), path: id.slice(sp + 1) };
          });
        void save.mutateAsync({ authorityId, casbinInfos }).catch(() => undefined);
      }}
    />
  );
}

function ButtonsFor({ authorityId, menu }: { authorityId: number; menu: BaseMenu }) {
  const { t } = useTranslation('system');
  const selected = useAuthorityBtns(authorityId, menu.ID);
  const save = useSetAuthorityBtns();
  const [picked, setPicked] = useState<Set<number> | null>(null);
  if (selected.isError) return <ErrorState onRetry={() => void selected.refetch()} />;
  if (!selected.data) return <LoadingState />;
  const current = picked ?? new Set(selected.data);
  const buttons = (menu.menuBtn ?? []).filter((b): b is typeof b & { ID: number } => typeof b.ID === 'number');
  const dirty = picked !== null && (picked.size !== selected.data.length || selected.data.some((id) => !picked.has(id)));
  return (
    <div>
      <ul className="space-y-2">
        {buttons.map((b) => (
          <li key={b.ID}>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <Checkbox
                checked={current.has(b.ID)}
                onChange={() => {
                  const next = new Set(current);
                  if (next.has(b.ID)) next.delete(b.ID);
                  else next.add(b.ID);
                  setPicked(next);
                }}
              />
              <span className="font-mono text-xs text-slate-500">{b.name}</span>
              {b.desc}
            </label>
          </li>
        ))}
      </ul>
      <SaveBar
        busy={save.isPending}
        dirty={dirty}
        onSave={() => {
          void save
            .mutateAsync({ authorityId, menuID: menu.ID, selected: [...current] })
            .then(() => {
              setPicked(null);
            })
            .catch(() => undefined);
        }}
        extra={<span className="mr-auto text-xs text-slate-500">{t('permissions.buttonsHint')}</span>}
      />
    </div>
  );
}

function ButtonAssign({ authorityId }: { authorityId: number }) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const tree = useBaseMenuTree();
  const [menuId, setMenuId] = useState<number | null>(null);
  if (tree.isError) return <ErrorState onRetry={() => void tree.refetch()} />;
  if (!tree.data) return <LoadingState />;
  const withButtons = flatMenus(tree.data).filter((m) => (m.menuBtn ?? []).length > 0);
  if (withButtons.length === 0) return <EmptyState title={t('permissions.noButtons')} />;
  const menu = withButtons.find((m) => m.ID === menuId) ?? withButtons[0];
  return (
    <div className="space-y-4">
      <label className="block max-w-sm text-sm">
        <span className="mb-1 block font-medium text-slate-800">{t('permissions.menu')}</span>
        <SelectInput
          value={menu?.ID ?? ''}
          onChange={(e) => {
            setMenuId(Number(e.target.value));
          }}
        >
          {withButtons.map((m) => (
            <option key={m.ID} value={m.ID}>
              {menuLabel(m, lang)}
            </option>
          ))}
        </SelectInput>
      </label>
      {menu ? <ButtonsFor key={menu.ID} authorityId={authorityId} menu={menu} /> : null}
    </div>
  );
}

function DataAssign({ authority, authorities }: { authority: Authority; authorities: readonly Authority[] }) {
  const { t } = useTranslation('system');
  const save = useSetDataAuthority();
  const initial = useMemo(() => new Set((authority.dataAuthorityId ?? []).map((d) => d.authorityId)), [authority]);
  const [picked, setPicked] = useState<Set<number>>(initial);
  const all = flattenAuthorities(authorities);
  const dirty = picked.size !== initial.size || [...picked].some((id) => !initial.has(id));
  const toggle = (id: number) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  return (
    <div>
      <p className="mb-3 text-sm text-slate-500">{t('permissions.dataHint')}</p>
      <div className="mb-3 flex flex-wrap gap-2">
        <Button
          size="xs"
          variant="secondary"
          onClick={() => {
            setPicked(new Set(all.map((a) => a.authority.authorityId)));
          }}
        >
          {t('permissions.all')}
        </Button>
        <Button
          size="xs"
          variant="secondary"
          onClick={() => {
            setPicked(new Set([authority.authorityId]));
          }}
        >
          {t('permissions.self')}
        </Button>
        <Button
          size="xs"
          variant="secondary"
          onClick={() => {
            const ids = new Set<number>([authority.authorityId]);
            for (const a of flattenAuthorities(authority.children)) ids.add(a.authority.authorityId);
            setPicked(ids);
          }}
        >
          {t('permissions.selfAndChildren')}
        </Button>
      </div>
      <ul className="space-y-1.5">
        {all.map(({ authority: a, depth }) => (
          <li key={a.authorityId} style={{ paddingLeft: `${depth * 1.25}rem` }}>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <Checkbox
                checked={picked.has(a.authorityId)}
                onChange={() => {
                  toggle(a.authorityId);
                }}
              />
              {a.authorityName}
              <span className="text-xs text-slate-400">{a.authorityId}</span>
            </label>
          </li>
        ))}
      </ul>
      <SaveBar
        busy={save.isPending}
        dirty={dirty}
        onSave={() => {
          void save.mutateAsync({ authorityId: authority.authorityId, dataAuthorityId: [...picked].map((authorityId) => ({ authorityId })) }).catch(() => undefined);
        }}
      />
    </div>
  );
}

interface RolePermissionsProps {
  authority: Authority;
  authorities: readonly Authority[];
  tabs?: readonly PermissionTab[];
}

/** A role's own settings, for every enterprise (superAdmin/authority). */
export function RolePermissions({ authority, authorities, tabs = ['menus', 'apis', 'buttons', 'data'] }: RolePermissionsProps) {
  const { t } = useTranslation('system');
  const [tab, setTab] = useState<PermissionTab>(tabs[0] ?? 'menus');
  const prefix = `perm-${authority.authorityId}`;
  return (
    <div>
      <Tabs idPrefix={prefix} label={t('permissions.label')} value={tab} onChange={setTab} tabs={tabs.map((id) => ({ id, label: t(`permissions.${id}`) }))} />
      {tabs.map((id) => (
        <TabPanel key={id} idPrefix={prefix} id={id} active={tab === id} className="pt-4">
          {id === 'menus' ? (
            <SystemMenus authorityId={authority.authorityId} />
          ) : id === 'apis' ? (
            <ApiAssign authorityId={authority.authorityId} />
          ) : id === 'buttons' ? (
            <ButtonAssign authorityId={authority.authorityId} />
          ) : (
            <DataAssign authority={authority} authorities={authorities} />
          )}
        </TabPanel>
      ))}
    </div>
  );
}
