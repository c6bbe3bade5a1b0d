/**
 * layout/aside (侧边菜单): the caller's whole menu as a page: every entry of the role (hidden ones marked), with its
 * icon, titles and path, groups folding; a search over titles, names and paths; an entry opens its view.
 */
import { createElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/fields';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Badge, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { cx } from '@/components/ui/cx';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useSession } from '@/lib/console/session-context';
import { countNodes, filterMenuTree, fullMenuTree, menuTarget, type MenuTreeNode } from '../menu-browse';
import { menuIconFor } from '../menu-icons';

function Node({ node, depth, open, onToggle, searching }: { node: MenuTreeNode; depth: number; open: ReadonlySet<string>; onToggle: (name: string) => void; searching: boolean }) {
  const { t } = useTranslation('pieces');
  const { lang } = useApp();
  const r = node.route;
  const title = menuTitle(r, lang);
  const other = lang === 'en' ? r.title.zh : r.title.en;
  const target = menuTarget(r);
  const expanded = searching || open.has(r.name);
  return (
    <li>
      <div className="flex min-h-11 items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-50" style={{ paddingLeft: `${String(0.5 + depth * 1.25)}rem` }} data-menu-entry={r.name}>
        {node.children.length > 0 ? (
          <button
            type="button"
            className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-expanded={expanded}
            aria-label={expanded ? t('aside.collapse', { title }) : t('aside.expand', { title })}
            onClick={() => {
              onToggle(r.name);
            }}
          >
            <ChevronDownIcon className={cx('size-4 transition-transform', !expanded && '-rotate-90')} />
          </button>
        ) : (
          <span className="w-6 shrink-0" />
        )}
        {createElement(menuIconFor(r.icon), { className: 'size-5 shrink-0 text-slate-500' })}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2">
            {target ? (
              <Link to={target} className="font-medium text-slate-900 hover:text-accent hover:underline">
                {title}
              </Link>
            ) : (
              <span className="font-medium text-slate-700">{title}</span>
            )}
            {other !== title ? <span className="text-xs text-slate-400">{other}</span> : null}
            {r.hidden ? <Badge>{t('aside.hidden')}</Badge> : null}
          </div>
          <p className="truncate font-mono text-xs text-slate-500">{r.path}</p>
        </div>
        {node.children.length > 0 ? <span className="text-xs text-slate-400 tabular-nums">{countNodes(node.children)}</span> : null}
      </div>
      {expanded && node.children.length > 0 ? (
        <ul>
          {node.children.map((c) => (
            <Node key={c.route.name} node={c} depth={depth + 1} open={open} onToggle={onToggle} searching={searching} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export default function AsideView({ route }: MenuViewProps) {
  const { t } = useTranslation('pieces');
  const { lang } = useApp();
  const session = useSession();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const tree = session.menus ? fullMenuTree(session.menus) : null;
  const shown = tree ? filterMenuTree(tree, query) : [];
  const searching = query.trim() !== '';
  const groups = session.menus?.list.filter((r) => r.isGroup).map((r) => r.name) ?? [];
  const toggle = (name: string) => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  };
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('aside.description')}>
      <Panel>
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 p-3">
          <TextInput
            type="search"
            value={query}
            aria-label={t('aside.search')}
            placeholder={t('aside.search')}
            className="max-w-sm flex-1"
            onChange={(e) => {
              setQuery(e.target.value);
            }}
          />
          <Button variant="secondary" size="sm" disabled={searching} onClick={() => { setOpen(new Set(groups)); }}>
            {t('aside.expandAll')}
          </Button>
          <Button variant="secondary" size="sm" disabled={searching} onClick={() => { setOpen(new Set()); }}>
            {t('aside.collapseAll')}
          </Button>
          <span className="ml-auto text-xs text-slate-500 tabular-nums" data-testid="aside-count">
            {t('aside.count', { shown: countNodes(shown), total: session.menus?.list.length ?? 0 })}
          </span>
        </div>
        <div className="p-2" data-testid="aside-tree">
          {session.menuError ? (
            <ErrorState message={t('aside.loadFailed')} />
          ) : tree === null ? (
            <LoadingState />
          ) : shown.length === 0 ? (
            <EmptyState title={searching ? t('aside.noMatch', { query: query.trim() }) : t('aside.empty')} />
          ) : (
            <ul>
              {shown.map((n) => (
                <Node key={n.route.name} node={n} depth={0} open={open} onToggle={toggle} searching={searching} />
              ))}
            </ul>
          )}
        </div>
      </Panel>
    </ViewPage>
  );
}
