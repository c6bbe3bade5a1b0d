/**
 * The enterprise tree (three levels at most): nested lists with disclosure buttons, a name filter, each enterprise a
 * link to its detail page when the role has one. Plain lists rather than role="tree": every control is a real button
 * or link, so keyboard and screen-reader users need nothing special.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { TextInput } from '@/components/ui/fields';
import { ChevronDownIcon, ChevronRightIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/states';
import { filterEnterpriseTree, flattenTree } from '../model';
import type { EnterpriseNode } from '../types';
import { VerifyBadge } from './badges';

interface TreeProps {
  nodes: readonly EnterpriseNode[];
  /** The detail page of an enterprise, or null (then the name is plain text). */
  hrefOf: (id: number) => string | null;
  /** Extra controls per node (e.g. add a sub-enterprise). */
  actions?: (node: EnterpriseNode) => ReactNode;
  label: string;
}

function Branch({ node, depth, props, open, toggle, forceOpen }: { node: EnterpriseNode; depth: number; props: TreeProps; open: ReadonlySet<number>; toggle: (id: number) => void; forceOpen: boolean }) {
  const { t } = useTranslation('crud');
  const hasKids = node.ent_list.length > 0;
  const expanded = forceOpen || open.has(node.entId);
  const href = props.hrefOf(node.entId);
  return (
    <li>
      <div className="group flex min-h-9 items-center gap-1.5 rounded-md pr-2 hover:bg-slate-50" style={{ paddingLeft: `${depth * 1.25}rem` }}>
        {hasKids ? (
          <button
            type="button"
            className="rounded p-0.5 text-slate-500 hover:bg-slate-200"
            aria-expanded={expanded}
            aria-label={expanded ? t('tree.collapse', { label: node.entName }) : t('tree.expand', { label: node.entName })}
            onClick={() => {
              toggle(node.entId);
            }}
          >
            {expanded ? <ChevronDownIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
          </button>
        ) : (
          <span className="w-5 shrink-0" />
        )}
        <span className="min-w-0 flex-1 truncate text-sm">
          {href ? (
            <Link to={href} className="text-accent font-medium hover:underline">
              {node.entName}
            </Link>
          ) : (
            <span className="font-medium text-slate-800">{node.entName}</span>
          )}
          {hasKids ? <span className="ml-1.5 text-xs text-slate-400 tabular-nums">({node.ent_list.length})</span> : null}
        </span>
        <span className="hidden shrink-0 sm:inline">
          <VerifyBadge state={node.verifyState} />
        </span>
        {props.actions ? <span className="shrink-0">{props.actions(node)}</span> : null}
      </div>
      {hasKids && expanded ? (
        <ul>
          {node.ent_list.map((c) => (
            <Branch key={c.entId} node={c} depth={depth + 1} props={props} open={open} toggle={toggle} forceOpen={forceOpen} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function EnterpriseTree(props: TreeProps) {
  const { t } = useTranslation('enterprise');
  const [query, setQuery] = useState('');
  // the top level starts open
  const [open, setOpen] = useState<Set<number>>(() => new Set(props.nodes.map((n) => n.entId)));
  const shown = filterEnterpriseTree(props.nodes, query);
  const toggle = (id: number) => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const total = flattenTree(props.nodes).length;
  return (
    <div className="space-y-3" data-testid="enterprise-tree">
      <div className="flex items-center gap-2">
        <TextInput
          type="search"
          value={query}
          aria-label={t('tree.filter')}
          placeholder={t('tree.filter')}
          onChange={(e) => {
            setQuery(e.target.value);
          }}
        />
        <span className="shrink-0 text-xs text-slate-500 tabular-nums">{t('tree.count', { count: total })}</span>
      </div>
      {shown.length === 0 ? (
        <EmptyState title={t('tree.empty')} />
      ) : (
        <ul aria-label={props.label} className="space-y-0.5">
          {shown.map((n) => (
            <Branch key={n.entId} node={n} depth={0} props={props} open={open} toggle={toggle} forceOpen={query.trim() !== ''} />
          ))}
        </ul>
      )}
    </div>
  );
}
