/**
 * The step editor of one flow: its nodes as a chain of cards in `sort` order (a column on phones, a row on wide
 * screens) with their state, who acts, fields, functions and branches (a marker on the branching card and on the
 * card it leads to).
 *
 * One path per change:
 * - the flow's details and its shape (insert, move, remove a node) send the whole flow with `flow/save`, nodes and
 *   their branches included, checked first by the flow rules (flow-model.ts);
 * - a node's content (name, state, who acts, fields, functions) goes with `workSetting/update_node`;
 * - a branch is added with `workSetting/condition` and removed with `workSetting/delChoose`.
 * So every node exists on the server before a branch can name it. The built-in flow opens read-only with "copy to
 * edit".
 */
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { ChevronLeftIcon, ChevronRightIcon, EditIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Badge, ErrorState, Skeleton } from '@/components/ui/states';
import type { Branch, Flow, FlowRow, Node, NodeInput } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { useButtons } from '@/lib/console/menu-route-context';
import { confirmAction } from '@/lib/feedback';
import { ApiError } from '@/lib/query';
import { useCopyFlow } from '../api/copy-flow';
import { useDeleteBranch } from '../api/delete-branch';
import { useFlowNodes } from '../api/get-flow-nodes';
import { useFunctions } from '../api/get-functions';
import { useSaveFlow } from '../api/save-flow';
import { useUpdateNode } from '../api/update-node';
import { useUserSearch } from '../api/search-users';
import {
  allowedStates,
  branchValueText,
  flowProblems,
  incomingBranches,
  MAX_NODES,
  MIN_NODES,
  moved,
  nodeIndexOf,
  statesForInsert,
  withoutNode,
  type FlowProblem,
} from '../flow-model';
import { useWorkLabels, StateBadge } from './badges';
import { BranchDialog } from './flow-branch-dialog';
import { useFlowDetailsFields, type FlowDetails } from './flow-details';
import { NodeDialog, type NodeContent } from './flow-node-dialog';
import { personName } from './user-picker';

/** What the editor knows of a flow besides its nodes. */
export interface FlowHead {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  builtIn: boolean;
}

export function flowHead(f: FlowRow | Flow): FlowHead {
  return { id: f.id, name: f.name, description: f.description, enabled: f.enabled, builtIn: f.builtIn };
}

function branchKey(node: Node, branch: Branch): string {
  return `${String(node.id)}-${String(branch.id ?? 0)}`;
}

function toInput(n: Node): NodeInput {
  return { id: n.id, name: n.name, state: n.state, assignee: n.assignee, fields: n.fields, functions: n.functions, required: n.required, conditions: n.conditions };
}

/** The flow's nodes with a new one (no branches yet) at `at`. */
function inserted(nodes: readonly Node[], at: number, node: NodeContent): NodeInput[] {
  const next = nodes.map(toInput);
  next.splice(at, 0, { ...node, conditions: [] });
  return next;
}

/** Tones of branch markers, one per branch of the flow, so the marker on the target card matches its source. */
const MARKERS = ['bg-violet-100 text-violet-800 ring-violet-300', 'bg-teal-100 text-teal-800 ring-teal-300', 'bg-orange-100 text-orange-800 ring-orange-300', 'bg-pink-100 text-pink-800 ring-pink-300', 'bg-sky-100 text-sky-800 ring-sky-300'] as const;

type NodeEdit = { kind: 'edit'; index: number } | { kind: 'insert'; at: number };

export function FlowEditor({ head, onBack, onOpen }: { head: FlowHead; onBack: () => void; onOpen: (flow: FlowHead) => void }) {
  const { t } = useTranslation('work');
  const can = useButtons();
  const [flow, setFlow] = useState(head);
  const nodes = useFlowNodes({ flowId: flow.id });
  const save = useSaveFlow();
  const update = useUpdateNode();
  const dropBranch = useDeleteBranch();
  const users = useUserSearch({ page: 1, pageSize: 100 });
  const functions = useFunctions({});
  const { lang } = useApp();
  const problemText = useProblemText();
  const [editing, setEditing] = useState<NodeEdit | null>(null);
  const [branching, setBranching] = useState<number | null>(null);
  const [details, setDetails] = useState(false);
  const [copying, setCopying] = useState(false);
  // the last refusal or rule broken by a change of the chain, under the card it is about (null: the flow's own)
  const [problem, setProblem] = useState<{ nodeId: number | null; message: string } | null>(null);
  const readOnly = flow.builtIn || !can('edit');
  const list = nodes.data ?? [];
  const userName = new Map((users.data?.list ?? []).map((u) => [u.id, personName(u)]));
  const fnLabel = (key: string) => {
    const f = functions.data?.find((x) => x.key === key);
    return f ? (lang === 'en' ? f.en : f.zh) : key;
  };

  /** `flow/save` with these details and nodes; throws the refusal. */
  const send = async (meta: FlowDetails, next: NodeInput[]) => {
    const saved = await save.mutateAsync({ id: flow.id, name: meta.name, description: meta.description, enabled: meta.enabled, nodes: next });
    setFlow(flowHead(saved));
  };

  /** A change of the chain (move, remove): checked by the rules, then sent; what is wrong lands under its card. */
  const reshape = async (next: NodeInput[], actingId: number) => {
    setProblem(null);
    const at = (field: string | undefined) => {
      const i = nodeIndexOf(field);
      return (i === null ? undefined : next[i]?.id) ?? actingId;
    };
    const found = flowProblems({ name: flow.name, description: flow.description, nodes: next })[0];
    if (found) {
      setProblem({ nodeId: at(found.field), message: problemText(found, next) });
      return;
    }
    try {
      await send(flow, next);
    } catch (err) {
      if (err instanceof ApiError) setProblem({ nodeId: at(err.field), message: err.message });
    }
  };

  const remove = async (index: number) => {
    const n = list[index];
    if (!n) return;
    const incoming = incomingBranches(list, index);
    const text = incoming > 0 ? t('flow.confirmRemoveNodeBranches', { name: n.name, count: incoming }) : t('flow.confirmRemoveNode', { name: n.name });
    if (await confirmAction({ key: 'confirm.deleteTitle' }, { text })) await reshape(withoutNode(list.map(toInput), index), n.id);
  };

  const removeBranch = async (n: Node, branchId: number) => {
    setProblem(null);
    if (await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('flow.branch.confirmRemove') })) {
      await dropBranch.mutateAsync({ nodeId: n.id, conditionId: branchId }).catch(() => undefined);
    }
  };

  const states = list.map((n) => n.state);
  const edited = editing?.kind === 'edit' ? list[editing.index] : undefined;
  // every branch of the flow numbered once (its id is only unique within its node), for matching markers on both ends
  const branchNo = new Map<string, number>();
  list.forEach((n) => {
    n.conditions.forEach((b) => {
      branchNo.set(branchKey(n, b), branchNo.size);
    });
  });

  return (
    <div className="space-y-4" data-testid="flow-editor" data-flow-id={flow.id}>
      <Panel>
        <div className="flex flex-wrap items-start gap-3 p-4">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-semibold break-words text-slate-900" data-testid="flow-name">{flow.name}</h3>
              {flow.builtIn ? <Badge>{t('flow.builtInReadOnly')}</Badge> : null}
              <Badge tone={flow.enabled ? 'green' : 'slate'}>{flow.enabled ? t('flow.on') : t('flow.off')}</Badge>
            </div>
            {flow.description ? <p className="mt-1 text-sm text-slate-600">{flow.description}</p> : null}
            <p className="mt-1 text-xs text-slate-500">{flow.builtIn ? t('flow.builtInHint') : t('flow.editorHint')}</p>
          </div>
          <div className="flex w-full flex-wrap gap-2 md:w-auto">
            <Button variant="secondary" size="sm" className="max-md:h-11 max-md:flex-1" onClick={onBack} data-testid="flow-back">
              <ChevronLeftIcon className="size-4" />
              {t('flow.back')}
            </Button>
            {can('add') ? (
              <Button variant={flow.builtIn ? 'accent' : 'secondary'} size="sm" className="max-md:h-11 max-md:flex-1" onClick={() => { setCopying(true); }} data-testid="flow-copy">
                {flow.builtIn ? t('flow.copyToEdit') : t('flow.copy')}
              </Button>
            ) : null}
            {readOnly ? null : (
              <Button variant="secondary" size="sm" className="max-md:h-11 max-md:flex-1" onClick={() => { setDetails(true); }} data-testid="flow-details">
                <EditIcon className="size-4" />
                {t('flow.editDetails')}
              </Button>
            )}
          </div>
        </div>
      </Panel>

      <Panel title={t('flow.steps', { count: list.length })}>
        {nodes.isPending ? (
          <Skeleton rows={3} className="p-4" />
        ) : nodes.isError ? (
          <ErrorState message={t('flow.nodesFailed')} onRetry={() => void nodes.refetch()} />
        ) : (
          <div className="p-3 md:p-4">
            {problem && !list.some((n) => n.id === problem.nodeId) ? (
              <p role="alert" className="mb-3 rounded-lg bg-red-50 p-2 text-sm text-red-700">{problem.message}</p>
            ) : null}
            <ol className="flex flex-col md:flex-row md:items-stretch md:overflow-x-auto md:p-1 md:pb-3" data-testid="flow-chain" aria-label={t('flow.chain')}>
              {list.map((n, i) => (
                <Fragment key={n.id}>
                  {i > 0 ? (
                    <li className="flex items-center justify-center gap-2 py-1 md:flex-col md:px-1 md:py-0" data-testid={`flow-gap-${String(i)}`}>
                      <span aria-hidden="true" className="text-slate-400 md:hidden">↓</span>
                      <span aria-hidden="true" className="hidden text-slate-400 md:inline">→</span>
                      {readOnly || list.length >= MAX_NODES ? null : (
                        <button
                          type="button"
                          className="grid size-11 place-items-center rounded-full text-slate-500 ring-1 ring-slate-300 hover:bg-slate-50 hover:text-accent md:size-8"
                          aria-label={t('flow.insertAt', { before: n.name })}
                          title={t('flow.insertAt', { before: n.name })}
                          onClick={() => { setProblem(null); setEditing({ kind: 'insert', at: i }); }}
                          data-testid={`flow-insert-${String(i)}`}
                        >
                          <PlusIcon className="size-4" />
                        </button>
                      )}
                    </li>
                  ) : null}
                  <li className="md:min-w-52 md:flex-1">
                    <NodeCard
                      node={n}
                      index={i}
                      nodes={list}
                      branchNo={branchNo}
                      userName={userName}
                      fnLabel={fnLabel}
                      problem={problem?.nodeId === n.id ? problem.message : null}
                      busy={save.isPending}
                      actions={
                        readOnly
                          ? null
                          : {
                              edit: () => { setProblem(null); setEditing({ kind: 'edit', index: i }); },
                              move: (to) => void reshape(moved(list.map(toInput), i, to), n.id),
                              remove: () => void remove(i),
                              branch: () => { setProblem(null); setBranching(i); },
                              removeBranch: (id) => void removeBranch(n, id),
                            }
                      }
                    />
                  </li>
                </Fragment>
              ))}
            </ol>
          </div>
        )}
      </Panel>

      {editing?.kind === 'edit' && edited ? (
        <NodeDialog
          title={t('flow.editNode', { name: edited.name })}
          index={editing.index}
          initial={edited}
          states={allowedStates(states, editing.index)}
          userName={typeof edited.assignee === 'object' ? userName.get(edited.assignee.userId) : undefined}
          onClose={() => { setEditing(null); }}
          onSubmit={(c: NodeContent) => update.mutateAsync({ id: edited.id, ...c })}
        />
      ) : null}
      {editing?.kind === 'insert' ? (
        <NodeDialog
          title={t('flow.insertTitle', { n: editing.at + 1 })}
          index={editing.at}
          initial={{ name: '', state: statesForInsert(states, editing.at)[0] ?? 0, assignee: 'assignee', fields: [], functions: [], required: [] }}
          states={statesForInsert(states, editing.at)}
          onClose={() => { setEditing(null); }}
          check={(c: NodeContent) => {
            const next = inserted(list, editing.at, c);
            const found = flowProblems({ name: flow.name, description: flow.description, nodes: next })[0];
            return found ? { field: found.field, message: problemText(found, next) } : null;
          }}
          onSubmit={(c: NodeContent) => send(flow, inserted(list, editing.at, c))}
          testId="flow-insert-form"
        />
      ) : null}
      {branching !== null ? <BranchDialog nodes={list} index={branching} onClose={() => { setBranching(null); }} /> : null}
      {details ? <DetailsDialog flow={flow} onClose={() => { setDetails(false); }} onSubmit={(v) => send({ name: v.name.trim(), description: v.description.trim(), enabled: v.enabled }, list.map(toInput))} /> : null}
      {copying ? <CopyFlowDialog source={flow} onClose={() => { setCopying(false); }} onCopied={onOpen} /> : null}
    </div>
  );
}

interface CardActions {
  edit: () => void;
  move: (to: number) => void;
  remove: () => void;
  branch: () => void;
  removeBranch: (branchId: number) => void;
}

interface NodeCardProps {
  node: Node;
  index: number;
  nodes: readonly Node[];
  branchNo: ReadonlyMap<string, number>;
  userName: ReadonlyMap<number, string>;
  fnLabel: (key: string) => string;
  problem: string | null;
  busy: boolean;
  actions: CardActions | null;
}

function NodeCard({ node, index, nodes, branchNo, userName, fnLabel, problem, busy, actions }: NodeCardProps) {
  const { t } = useTranslation('work');
  const who = typeof node.assignee === 'object' ? (userName.get(node.assignee.userId) ?? `#${String(node.assignee.userId)}`) : t(`flow.assignee.${node.assignee}` as 'flow.assignee.assignee', { defaultValue: node.assignee });
  const incoming = nodes.flatMap((source, s) => source.conditions.filter((b) => b.nextNodeId === node.id).map((b) => ({ b, s, source })));
  const last = index === nodes.length - 1;
  const iconButton = 'grid size-11 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-30 md:size-9';
  return (
    <article className={cx('flex h-full flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1', problem ? 'ring-red-300' : 'ring-slate-200')} data-testid={`flow-node-${String(index)}`} data-node-id={node.id}>
      <header className="flex items-start gap-2">
        <span className="grid size-7 shrink-0 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 tabular-nums">{index + 1}</span>
        <div className="min-w-0 flex-1">
          <h4 className="text-sm font-semibold break-words text-slate-900" data-testid="flow-node-name">{node.name}</h4>
          <div className="mt-1" data-testid="flow-node-state"><StateBadge state={node.state} /></div>
        </div>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-slate-500">{t('flow.node.assignee')}</dt>
        <dd className="min-w-0 break-words text-slate-800">{who}</dd>
        <dt className="text-slate-500">{t('flow.node.fields')}</dt>
        <dd className="min-w-0 break-words text-slate-800">
          {node.fields.length === 0 ? '—' : node.fields.map((f) => `${f.label || f.key}${f.required ? ' *' : ''}`).join(', ')}
        </dd>
        <dt className="text-slate-500">{t('flow.node.functions')}</dt>
        <dd className="flex min-w-0 flex-wrap gap-1">
          {node.functions.length === 0
            ? '—'
            : node.functions.map((k) => (
                <Badge key={k} tone={node.required.includes(k) ? 'amber' : 'slate'}>
                  {node.required.includes(k) ? t('flow.requiredMark', { name: fnLabel(k) }) : fnLabel(k)}
                </Badge>
              ))}
        </dd>
      </dl>
      {node.conditions.length > 0 ? (
        <ul className="space-y-1" aria-label={t('flow.branch.out')} data-testid="flow-branches">
          {node.conditions.map((b) => {
            const to = nodes.findIndex((x) => x.id === b.nextNodeId);
            const tone = MARKERS[(branchNo.get(branchKey(node, b)) ?? 0) % MARKERS.length];
            return (
              <li key={branchKey(node, b)} className={cx('flex items-center gap-1 rounded-md px-2 py-1 text-xs ring-1 ring-inset', tone)}>
                <span className="min-w-0 flex-1 break-words">
                  {b.op === 'filled'
                    ? t('flow.branch.markerFilled', { field: b.field, op: t('flow.op.filled'), n: to + 1, name: nodes[to]?.name ?? `#${String(b.nextNodeId)}` })
                    : t('flow.branch.marker', {
                        field: b.field,
                        op: t(`flow.op.${b.op}` as 'flow.op.eq', { defaultValue: b.op }),
                        value: branchValueText(b.value),
                        n: to + 1,
                        name: nodes[to]?.name ?? `#${String(b.nextNodeId)}`,
                      })}
                </span>
                {actions ? (
                  <button type="button" className="grid size-11 shrink-0 place-items-center rounded md:size-7" aria-label={t('flow.branch.remove')} onClick={() => { actions.removeBranch(b.id ?? 0); }}>
                    <TrashIcon className="size-3.5" />
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {incoming.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label={t('flow.branch.in')}>
          {incoming.map(({ b, s, source }) => (
            <li key={branchKey(source, b)} className={cx('rounded-md px-2 py-0.5 text-xs ring-1 ring-inset', MARKERS[(branchNo.get(branchKey(source, b)) ?? 0) % MARKERS.length])}>
              {t('flow.branch.from', { n: s + 1, name: source.name })}
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? <p role="alert" className="text-xs text-red-600" data-testid="flow-node-problem">{problem}</p> : null}
      {actions ? (
        <div className="mt-auto flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
          <Button variant="secondary" size="sm" className="max-md:h-11" onClick={actions.edit} data-testid="flow-node-edit">
            <EditIcon className="size-4" />
            {t('flow.edit')}
          </Button>
          {last ? null : (
            <Button variant="ghost" size="sm" className="max-md:h-11" onClick={actions.branch} data-testid="flow-node-branch">
              <PlusIcon className="size-4" />
              {t('flow.branch.add')}
            </Button>
          )}
          <span className="ml-auto flex">
            <button type="button" className={iconButton} disabled={busy || index === 0} aria-label={t('flow.moveEarlier')} title={t('flow.moveEarlier')} onClick={() => { actions.move(index - 1); }}>
              <ChevronLeftIcon className="size-4 max-md:rotate-90" />
            </button>
            <button type="button" className={iconButton} disabled={busy || last} aria-label={t('flow.moveLater')} title={t('flow.moveLater')} onClick={() => { actions.move(index + 1); }}>
              <ChevronRightIcon className="size-4 max-md:rotate-90" />
            </button>
            <button type="button" className={cx(iconButton, 'hover:text-red-600')} disabled={busy} aria-label={t('flow.removeNode')} title={t('flow.removeNode')} onClick={actions.remove}>
              <TrashIcon className="size-4" />
            </button>
          </span>
        </div>
      ) : null}
    </article>
  );
}

/** The words of a rule a change would break (flow-model's problems). */
function useProblemText(): (p: FlowProblem, nodes: readonly NodeInput[]) => string {
  const { t } = useTranslation('work');
  const labels = useWorkLabels();
  return (p, nodes) => {
    const i = nodeIndexOf(p.field);
    const node = i === null ? undefined : nodes[i];
    const name = node?.name ?? '';
    switch (p.kind) {
      case 'count':
        return t('flow.problem.count', { min: MIN_NODES, max: MAX_NODES });
      case 'first':
        return t('flow.problem.first', { state: labels.state(100) });
      case 'last':
        return t('flow.problem.last', { state: labels.state(104) });
      case 'order':
        return t('flow.problem.order', { name, state: labels.state(node?.state ?? 0), before: labels.state(i === null ? 0 : (nodes[i - 1]?.state ?? 0)) });
      case 'required':
        return t('flow.problem.nameRequired');
      case 'tooLong':
        return t('flow.problem.tooLong');
      case 'notLater':
        return t('flow.problem.notLater', { name });
      case 'notList':
        return t('flow.problem.notList', { name });
    }
  };
}

function DetailsDialog({ flow, onClose, onSubmit }: { flow: FlowHead; onClose: () => void; onSubmit: (v: FlowDetails) => Promise<unknown> }) {
  const { t } = useTranslation('work');
  const fields = useFlowDetailsFields();
  return (
    <FormDialog<FlowDetails>
      open
      onClose={onClose}
      title={t('flow.editDetails')}
      size="md"
      columns={1}
      testId="flow-details-form"
      fields={fields}
      initialValues={{ name: flow.name, description: flow.description, enabled: flow.enabled }}
      onSubmit={onSubmit}
    />
  );
}

/** `copy_flow` with an optional name ("… (copy)" when left empty); the editor opens on the copy. */
export function CopyFlowDialog({ source, onClose, onCopied }: { source: { id: number; name: string }; onClose: () => void; onCopied: (flow: FlowHead) => void }) {
  const { t } = useTranslation('work');
  const copy = useCopyFlow();
  return (
    <FormDialog<{ name: string }>
      open
      onClose={onClose}
      title={t('flow.copyTitle', { name: source.name })}
      description={t('flow.copyHint')}
      submitLabel={t('flow.copy')}
      size="sm"
      columns={1}
      testId="flow-copy-form"
      fields={[{ name: 'name', label: t('flow.copyName'), type: 'text', maxLength: 64, placeholder: t('flow.copyDefault', { name: source.name }) }]}
      initialValues={{ name: '' }}
      onSubmit={async (v) => {
        const made = await copy.mutateAsync({ id: source.id, name: v.name.trim() || undefined });
        onCopied(flowHead(made));
      }}
    />
  );
}
