/**
 * The console side menu (console-spec "layout pieces: side menu"): the map (and, for a signed-in user, the dashboard),
 * then the server's menu tree for the signed-in role (groups open and close; hidden entries are left out; a hidden page
 * highlights its `activeName`). Before any sign-in it lists the console areas as 'coming soon'. Dark (#191a23), light, or a custom colour.
 */
import { createElement, useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import { BrandMark } from '@/components/layout/brand-mark';
import { cx } from '@/components/ui/cx';
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { Tooltip } from '@/components/ui/tooltip';
import { useApp } from '@/lib/app-context';
import { paths } from '@/lib/paths';
import { isDarkSide, type SideMode } from '@/features/settings';
import { MENU, type MenuItem as StaticItem } from '../menu';
import { menuIconFor } from '../menu-icons';
import { menuTitle, sideMenuTree, type SideMenuNode } from '@/lib/console/menu-routes';
import { useSession } from '@/lib/console/session-context';
import { useGuardResult } from './route-guard';

interface SideMenuProps {
  mode: SideMode;
  /** Text colour on dark and coloured backgrounds (console-spec §3 baseColor). */
  baseColor?: string;
  collapsed: boolean;
  /** Desktop only: the collapse toggle. Absent in the mobile drawer. */
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
}

interface Look {
  dark: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}

const entryBase = 'group relative flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors';

function linkClass(look: Look, active: boolean, depth = 0): string {
  return cx(
    entryBase,
    look.collapsed && 'justify-center px-0',
    depth > 0 && !look.collapsed && 'h-9 pl-11 font-normal',
    active
      ? look.dark
        ? 'bg-accent text-white shadow-sm'
        : 'bg-accent/10 text-accent'
      : look.dark
        ? 'opacity-80 hover:bg-white/5 hover:opacity-100'
        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );
}

/** An entry of features/console/menu.ts with a route of its own (the map, the dashboard). */
function FixedEntry({ item, look }: { item: StaticItem & { to: string }; look: Look }) {
  const { t } = useTranslation('console');
  const tipId = useId();
  const label = t(`menu.${item.id}`);
  const Icon = item.icon;
  return (
    <li>
      <NavLink
        to={item.to}
        onClick={look.onNavigate}
        data-menu-id={item.id}
        aria-describedby={look.collapsed ? tipId : undefined}
        className={({ isActive }) => linkClass(look, isActive)}
      >
        <Icon className="size-5 shrink-0" />
        <span className={cx('truncate', look.collapsed && 'sr-only')}>{label}</span>
        {look.collapsed ? <Tooltip id={tipId} text={label} /> : null}
      </NavLink>
    </li>
  );
}

const withRoute = (item: StaticItem): item is StaticItem & { to: string } => item.to !== null;
/** The fixed entries above the server's menu: the map for everyone, the rest for signed-in users (not the visitor). */
const FIXED = MENU.filter(withRoute);

function StaticEntry({ item, look }: { item: StaticItem; look: Look }) {
  const { t } = useTranslation(['console', 'common']);
  const tipId = useId();
  const label = t(`menu.${item.id}`);
  const Icon = item.icon;
  const tip = look.collapsed ? `${label} · ${t('common:comingSoon')}` : t('common:comingSoon');
  return (
    <li>
      <span
        role="link"
        aria-disabled="true"
        tabIndex={0}
        aria-describedby={tipId}
        data-menu-id={item.id}
        className={cx(entryBase, look.collapsed && 'justify-center px-0', 'cursor-not-allowed', look.dark ? 'opacity-45' : 'text-slate-400')}
      >
        <Icon className="size-5 shrink-0" />
        <span className={cx('truncate', look.collapsed && 'sr-only')}>{label}</span>
        <Tooltip id={tipId} text={tip} />
      </span>
    </li>
  );
}

function contains(node: SideMenuNode, name: string | null): boolean {
  if (name === null) return false;
  return node.route.name === name || node.children.some((c) => contains(c, name));
}

function ServerEntry({ node, look, activeName, depth, open, onToggle }: { node: SideMenuNode; look: Look; activeName: string | null; depth: number; open: (n: SideMenuNode) => boolean; onToggle: (n: SideMenuNode) => void }) {
  const { lang } = useApp();
  const tipId = useId();
  const label = menuTitle(node.route, lang);
  const icon = createElement(menuIconFor(node.route.icon), { className: 'size-5 shrink-0' });
  if (node.children.length > 0) {
    const isOpen = open(node);
    const groupId = `${tipId}-group`;
    return (
      <li>
        <button
          type="button"
          onClick={() => {
            onToggle(node);
          }}
          aria-expanded={isOpen}
          aria-controls={groupId}
          data-menu-id={node.route.name}
          aria-describedby={look.collapsed ? tipId : undefined}
          className={cx(linkClass(look, false, depth), contains(node, activeName) && !look.dark && 'text-slate-900')}
        >
          {depth === 0 || look.collapsed ? icon : null}
          <span className={cx('flex-1 truncate text-left', look.collapsed && 'sr-only')}>{label}</span>
          {look.collapsed ? <Tooltip id={tipId} text={label} /> : <ChevronDownIcon className={cx('size-4 shrink-0 transition-transform', !isOpen && '-rotate-90')} />}
        </button>
        {isOpen && !look.collapsed ? (
          <ul id={groupId} className="mt-1 space-y-1">
            {node.children.map((c) => (
              <ServerEntry key={c.route.name} node={c} look={look} activeName={activeName} depth={depth + 1} open={open} onToggle={onToggle} />
            ))}
          </ul>
        ) : null}
      </li>
    );
  }
  const to = node.route.isGroup ? (node.route.firstChildPath ?? paths.map) : node.route.path;
  return (
    <li>
      <NavLink
        to={to}
        onClick={look.onNavigate}
        data-menu-id={node.route.name}
        aria-describedby={look.collapsed ? tipId : undefined}
        aria-current={activeName === node.route.name ? 'page' : undefined}
        className={() => linkClass(look, activeName === node.route.name, depth)}
      >
        {depth === 0 || look.collapsed ? icon : null}
        <span className={cx('truncate', look.collapsed && 'sr-only')}>{label}</span>
        {look.collapsed ? <Tooltip id={tipId} text={label} /> : null}
      </NavLink>
    </li>
  );
}

export function SideMenu({ mode, baseColor, collapsed, onToggleCollapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('console');
  const session = useSession();
  const result = useGuardResult();
  const dark = isDarkSide(mode);
  const look: Look = { dark, collapsed, onNavigate };
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const activeRoute = result.kind === 'menu' ? result.match.route : null;
  const activeName = activeRoute ? (activeRoute.hidden ? activeRoute.activeName : activeRoute.name) : null;
  const tree = session.menus ? sideMenuTree(session.menus) : null;
  const open = (n: SideMenuNode) => toggled.get(n.route.name) ?? contains(n, activeName);
  const onToggle = (n: SideMenuNode) => {
    if (collapsed && onToggleCollapsed) {
      onToggleCollapsed();
      setToggled((m) => new Map(m).set(n.route.name, true));
      return;
    }
    setToggled((m) => new Map(m).set(n.route.name, !open(n)));
  };
  const style: CSSProperties | undefined =
    mode === 'dark' || mode === 'light' ? (dark ? { color: baseColor } : undefined) : { backgroundColor: mode, color: baseColor };

  return (
    <div
      className={cx('flex h-full flex-col', mode === 'dark' && 'bg-ink-900', !dark && 'border-r border-slate-200 bg-white text-slate-700')}
      style={style}
      data-menu-source={tree ? 'server' : session.hasToken ? 'loading' : 'static'}
    >
      <div className={cx('flex h-14 shrink-0 items-center px-4', collapsed && 'justify-center px-0')}>
        <BrandMark to={paths.map} tone={dark ? 'light' : 'dark'} compact={collapsed} />
      </div>
      <nav aria-label={t('menu.label')} className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
        <ul className="space-y-1">
          {FIXED.filter((item) => item.id === 'map' || (tree !== null && !session.visitor)).map((item) => (
            <FixedEntry key={item.id} item={item} look={look} />
          ))}
          {tree
            ? tree.map((n) => <ServerEntry key={n.route.name} node={n} look={look} activeName={activeName} depth={0} open={open} onToggle={onToggle} />)
            : session.hasToken
              ? [0, 1, 2, 3, 4].map((i) => (
                  <li key={i} aria-hidden="true" className={cx('h-10 animate-pulse rounded-lg', dark ? 'bg-white/5' : 'bg-slate-100')} />
                ))
              : MENU.filter((m) => m.id !== 'map').map((item) => <StaticEntry key={item.id} item={item} look={look} />)}
        </ul>
      </nav>
      {onToggleCollapsed ? (
        <div className={cx('shrink-0 border-t p-3', dark ? 'border-white/10' : 'border-slate-200')}>
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
            className={cx(
              'flex h-9 w-full items-center gap-2 rounded-lg px-3 text-sm',
              collapsed && 'justify-center px-0',
              dark ? 'opacity-70 hover:bg-white/5 hover:opacity-100' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
            )}
          >
            {collapsed ? <ChevronRightIcon className="size-4" /> : <ChevronLeftIcon className="size-4" />}
            <span className={cx(collapsed && 'sr-only')}>{collapsed ? t('menu.expand') : t('menu.collapse')}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
