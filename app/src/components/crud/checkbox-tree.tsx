/** A tree of checkboxes with tri-state parents and expandable groups. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { ChevronDownIcon, ChevronRightIcon } from '@/components/ui/icons';
import { nodeState, toggleNode, type TreeNode } from './tree';

interface CheckboxTreeProps {
  nodes: readonly TreeNode[];
  checked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  label: string;
  /** Start with every group open. */
  defaultExpanded?: boolean;
  disabled?: boolean;
}

function Node({ node, depth, props, expanded, setExpanded }: { node: TreeNode; depth: number; props: CheckboxTreeProps; expanded: ReadonlySet<string>; setExpanded: (id: string) => void }) {
  const { t } = useTranslation('crud');
  const state = nodeState(node, props.checked);
  const hasKids = Boolean(node.children?.length);
  const open = expanded.has(node.id);
  return (
    <li role="treeitem" aria-expanded={hasKids ? open : undefined} aria-selected={state === 'checked'}>
      <div className="flex items-center gap-1.5 rounded py-1 hover:bg-slate-50" style={{ paddingLeft: `${depth * 1.25}rem` }}>
        {hasKids ? (
          <button
            type="button"
            onClick={() => {
              setExpanded(node.id);
            }}
            className="rounded p-0.5 text-slate-500 hover:bg-slate-200"
            aria-label={open ? t('tree.collapse', { label: node.label }) : t('tree.expand', { label: node.label })}
          >
            {open ? <ChevronDownIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
          </button>
        ) : (
          <span className="w-5" />
        )}
        <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="accent-accent size-4"
            checked={state === 'checked'}
            disabled={props.disabled}
            ref={(el) => {
              if (el) el.indeterminate = state === 'mixed';
            }}
            onChange={() => {
              props.onChange(toggleNode(node, props.checked));
            }}
          />
          <span className="truncate">{node.label}</span>
        </label>
      </div>
      {hasKids && open ? (
        <ul role="group">
          {node.children?.map((c) => (
            <Node key={c.id} node={c} depth={depth + 1} props={props} expanded={expanded} setExpanded={setExpanded} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function CheckboxTree(props: CheckboxTreeProps) {
  const [expanded, setExpandedState] = useState<Set<string>>(() => {
    if (!props.defaultExpanded) return new Set();
    const all = new Set<string>();
    const walk = (n: TreeNode) => {
      if (n.children?.length) {
        all.add(n.id);
        n.children.forEach(walk);
      }
    };
    props.nodes.forEach(walk);
    return all;
  });
  const toggle = (id: string) => {
    setExpandedState((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  return (
    <ul role="tree" aria-label={props.label} aria-multiselectable="true" className={cx('space-y-0.5')}>
      {props.nodes.map((n) => (
        <Node key={n.id} node={n} depth={0} props={props} expanded={expanded} setExpanded={toggle} />
      ))}
    </ul>
  );
}
