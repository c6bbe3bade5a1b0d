import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import { BrandMark } from '../../components/layout/brand-mark';
import { cx } from '../../components/ui/cx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { Tooltip } from '../../components/ui/tooltip';
import { paths } from '../../lib/paths';
import type { SideMode } from '../settings/settings-store';
import { MENU, type MenuItem } from './menu';

interface SideMenuProps {
  mode: SideMode;
  collapsed: boolean;
  /** Desktop only: the collapse toggle. Absent in the mobile drawer. */
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
}

function MenuEntry({ item, mode, collapsed, onNavigate }: { item: MenuItem; mode: SideMode; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation(['console', 'common']);
  const tipId = useId();
  const label = t(`menu.${item.id}`);
  const Icon = item.icon;
  const dark = mode === 'dark';
  const base = cx(
    'group relative flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
    collapsed && 'justify-center px-0',
  );

  if (item.to === null) {
    const tip = collapsed ? `${label} · ${t('common:comingSoon')}` : t('common:comingSoon');
    return (
      <li>
        <span
          role="link"
          aria-disabled="true"
          tabIndex={0}
          aria-describedby={tipId}
          data-menu-id={item.id}
          className={cx(base, 'cursor-not-allowed', dark ? 'text-slate-500' : 'text-slate-400')}
        >
          <Icon className="size-5 shrink-0" />
          <span className={cx('truncate', collapsed && 'sr-only')}>{label}</span>
          <Tooltip id={tipId} text={tip} />
        </span>
      </li>
    );
  }

  return (
    <li>
      <NavLink
        to={item.to}
        onClick={onNavigate}
        data-menu-id={item.id}
        aria-describedby={collapsed ? tipId : undefined}
        className={({ isActive }) =>
          cx(
            base,
            isActive
              ? dark
                ? 'bg-accent text-white shadow-sm'
                : 'bg-accent/10 text-accent'
              : dark
                ? 'text-slate-300 hover:bg-white/5 hover:text-white'
                : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          )
        }
      >
        <Icon className="size-5 shrink-0" />
        <span className={cx('truncate', collapsed && 'sr-only')}>{label}</span>
        {collapsed ? <Tooltip id={tipId} text={label} /> : null}
      </NavLink>
    </li>
  );
}

/** The console side menu (console-spec "layout pieces: side menu"), dark (#191a23) or light. */
export function SideMenu({ mode, collapsed, onToggleCollapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('console');
  const dark = mode === 'dark';
  return (
    <div className={cx('flex h-full flex-col', dark ? 'bg-ink-900 text-slate-300' : 'border-r border-slate-200 bg-white text-slate-700')}>
      <div className={cx('flex h-14 shrink-0 items-center px-4', collapsed && 'justify-center px-0')}>
        <BrandMark to={paths.map} tone={dark ? 'light' : 'dark'} compact={collapsed} />
      </div>
      <nav aria-label={t('menu.label')} className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
        <ul className="space-y-1">
          {MENU.map((item) => (
            <MenuEntry key={item.id} item={item} mode={mode} collapsed={collapsed} onNavigate={onNavigate} />
          ))}
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
              dark ? 'text-slate-400 hover:bg-white/5 hover:text-white' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
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
