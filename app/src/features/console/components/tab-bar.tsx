/** The history tabs above console pages (click to switch, × to close; the map tab stays). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { cx } from '@/components/ui/cx';
import { CloseIcon } from '@/components/ui/icons';
import type { ConsoleTab } from '../tabs';

interface TabBarProps {
  tabs: readonly ConsoleTab[];
  currentKey: string | null;
  titleOf: (tab: ConsoleTab) => string;
  onClose: (key: string) => void;
}

export function TabBar({ tabs, currentKey, titleOf, onClose }: TabBarProps) {
  const { t } = useTranslation('console');
  if (tabs.length === 0) return null;
  return (
    <nav aria-label={t('tabs.label')} className="shrink-0 border-b border-slate-200 bg-white" data-testid="console-tabs">
      <ul className="flex gap-1 overflow-x-auto px-2 py-1.5 md:px-4">
        {tabs.map((tab) => {
          const current = tab.key === currentKey;
          const title = titleOf(tab);
          return (
            <li key={tab.key} className="shrink-0">
              <div
                className={cx(
                  'group flex h-8 items-center rounded-md text-sm ring-1 ring-inset',
                  current ? 'bg-accent/10 text-accent ring-accent/40 font-medium' : 'text-slate-600 ring-slate-200 hover:bg-slate-50',
                )}
              >
                <Link to={tab.path} aria-current={current ? 'page' : undefined} className="max-w-48 truncate py-1 pr-1 pl-3">
                  {title}
                </Link>
                {tab.pinned ? (
                  <span className="w-2" />
                ) : (
                  <button
                    type="button"
                    onClick={() => {
                      onClose(tab.key);
                    }}
                    className="mr-1 rounded p-0.5 text-slate-400 hover:bg-slate-200 hover:text-slate-700"
                    aria-label={t('tabs.close', { title })}
                  >
                    <CloseIcon className="size-3.5" />
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
