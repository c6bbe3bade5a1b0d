/** A route's nodes as an ordered list to edit: name, stop flag, move up or down, remove. */
import { useTranslation } from 'react-i18next';

import { Checkbox, TextInput } from '@/components/ui/fields';
import { ChevronDownIcon, CloseIcon } from '@/components/ui/icons';
import { cx } from '@/components/ui/cx';
import type { RouteNode } from '../types';

interface NodeListProps {
  nodes: readonly RouteNode[];
  onChange: (nodes: RouteNode[]) => void;
  selected: number | null;
  onSelect: (index: number) => void;
}

function moved(nodes: readonly RouteNode[], from: number, to: number): RouteNode[] {
  const next = [...nodes];
  const [node] = next.splice(from, 1);
  if (node) next.splice(to, 0, node);
  return next;
}

const iconButton = 'grid size-8 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-30 disabled:hover:bg-transparent';

export function NodeList({ nodes, onChange, selected, onSelect }: NodeListProps) {
  const { t } = useTranslation('places');
  const update = (index: number, patch: Partial<RouteNode>) => {
    onChange(nodes.map((n, i) => (i === index ? { ...n, ...patch } : n)));
  };
  return (
    <ol className="divide-y divide-slate-100" data-testid="node-list">
      {nodes.map((node, index) => {
        const label = node.name || t('nodes.unnamed', { n: index + 1 });
        return (
          // nodes have no id: the position is what is edited
          <li key={index} className={cx('flex flex-wrap items-center gap-2 px-3 py-2', selected === index && 'bg-sky-50')} data-testid="node-row">
            <button
              type="button"
              onClick={() => {
                onSelect(index);
              }}
              className="w-8 shrink-0 rounded-md py-1 text-center text-xs font-semibold text-slate-500 tabular-nums hover:bg-slate-100"
              aria-label={t('nodes.show', { name: label })}
            >
              {index + 1}
            </button>
            <TextInput
              className="min-w-32 flex-1"
              aria-label={t('nodes.name', { n: index + 1 })}
              placeholder={t('nodes.unnamed', { n: index + 1 })}
              maxLength={64}
              value={node.name}
              onChange={(e) => {
                update(index, { name: e.target.value });
              }}
            />
            <label className="flex items-center gap-1.5 text-sm text-slate-700">
              <Checkbox
                checked={node.stop}
                onChange={(e) => {
                  update(index, { stop: e.target.checked });
                }}
              />
              {t('nodes.stop')}
            </label>
            <span className="text-xs text-slate-400 tabular-nums">
              {node.lon.toFixed(5)}, {node.lat.toFixed(5)}
            </span>
            <span className="ml-auto flex items-center">
              <button type="button" className={iconButton} disabled={index === 0} aria-label={t('nodes.up', { name: label })} onClick={() => { onChange(moved(nodes, index, index - 1)); }}>
                <ChevronDownIcon className="size-4 rotate-180" />
              </button>
              <button type="button" className={iconButton} disabled={index === nodes.length - 1} aria-label={t('nodes.down', { name: label })} onClick={() => { onChange(moved(nodes, index, index + 1)); }}>
                <ChevronDownIcon className="size-4" />
              </button>
              <button type="button" className={cx(iconButton, 'hover:text-red-600')} aria-label={t('nodes.remove', { name: label })} onClick={() => { onChange(nodes.filter((_, i) => i !== index)); }}>
                <CloseIcon className="size-4" />
              </button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
