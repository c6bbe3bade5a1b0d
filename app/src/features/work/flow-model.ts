/**
 * The flow rules the flow screens need, pure (tests/unit/work-flows.test.mjs): which states a node may take between
 * its neighbours, the checks `flow/save` makes (2–30 nodes, first pending, last closed, each state the previous one's
 * or the next, branches to later nodes), moving nodes, branch values as typed, which branches wait for a step's
 * values, who acts at a node, and where a refusal about a node's field belongs. The server decides; these keep a
 * person from sending what it would refuse.
 */
import type { Branch, NodeInput } from '@/lib/api-types';
import { CLOSED, IN_PROGRESS, PENDING, RESOLVED } from './model';

/** The built-in flow (Reported → Working → Resolved → Closed): answered and copyable, never changed. */
export const BUILT_IN_FLOW = -1;
/** The states a node may stand for, in the state machine's order (cancelling leaves the flow). */
export const NODE_STATES = [PENDING, IN_PROGRESS, RESOLVED, CLOSED] as const;
export const MIN_NODES = 2;
export const MAX_NODES = 30;
export const NAME_MAX = 64;
export const DESCRIPTION_MAX = 500;
export const BRANCH_FIELD_MAX = 32;
export const BRANCH_OPS = ['eq', 'ne', 'gt', 'lt', 'in', 'filled'] as const;
export const ASSIGNEE_ROLES = ['requester', 'assignee', 'admin'] as const;
type AssigneeRole = (typeof ASSIGNEE_ROLES)[number];

/** The length the server measures (characters, not UTF-16 units). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/** The state after `state` in 100 → 101 → 102 → 104 (null after closed or for a state off the flow). */
export function nextState(state: number): number | null {
  const i = NODE_STATES.indexOf(state as (typeof NODE_STATES)[number]);
  return i < 0 ? null : (NODE_STATES[i + 1] ?? null);
}

/** Whether `after` may follow `before` in a flow: the same state, or the next one. */
export function mayFollow(before: number, after: number): boolean {
  return after === before || after === nextState(before);
}

/**
 * The states node `index` of a flow may take while the others keep theirs: the first node is pending, the last
 * closed, and between them what follows the previous node and is followed by the next.
 */
export function allowedStates(states: readonly number[], index: number): number[] {
  const last = states.length - 1;
  return NODE_STATES.filter((s) => {
    if (index === 0 && s !== PENDING) return false;
    if (index === last && s !== CLOSED) return false;
    const before = index > 0 ? states[index - 1] : undefined;
    const after = index < last ? states[index + 1] : undefined;
    return (before === undefined || mayFollow(before, s)) && (after === undefined || mayFollow(s, after));
  });
}

/** The states a node inserted at `at` (before the node now there) may take: those fitting between its neighbours. */
export function statesForInsert(states: readonly number[], at: number): number[] {
  const placed = [...states.slice(0, at), Number.NaN, ...states.slice(at)];
  return allowedStates(placed, at);
}

type ProblemKind = 'required' | 'tooLong' | 'count' | 'first' | 'last' | 'order' | 'notLater' | 'notList';

/** What is wrong with a draft, under the name the server gives the same refusal (`nodes[1].state`). */
export interface FlowProblem {
  field: string;
  kind: ProblemKind;
}

/** The order rules alone (as the server checks them, first problem only). */
export function chainProblem(states: readonly number[]): FlowProblem | null {
  if (states.length < MIN_NODES || states.length > MAX_NODES) return { field: 'nodes', kind: 'count' };
  if (states[0] !== PENDING) return { field: 'nodes[0].state', kind: 'first' };
  const last = states.length - 1;
  if (states[last] !== CLOSED) return { field: `nodes[${String(last)}].state`, kind: 'last' };
  for (let i = 1; i < states.length; i += 1) {
    if (!mayFollow(states[i - 1] ?? PENDING, states[i] ?? PENDING)) return { field: `nodes[${String(i)}].state`, kind: 'order' };
  }
  return null;
}

/** A node as `flow/save` takes it: what the flow rules look at. */
type NodeDraft = Pick<NodeInput, 'id' | 'name' | 'state' | 'conditions'>;

interface FlowDraft {
  name: string;
  description: string;
  nodes: readonly NodeDraft[];
}

/**
 * Every problem `flow/save` would refuse that can be seen without the server: the flow's name and description, the
 * node count and order, node names, and branches (a later node of this flow as target, a list for `in`).
 */
export function flowProblems(draft: FlowDraft): FlowProblem[] {
  const out: FlowProblem[] = [];
  const name = draft.name.trim();
  if (name === '') out.push({ field: 'name', kind: 'required' });
  else if (charCount(name) > NAME_MAX) out.push({ field: 'name', kind: 'tooLong' });
  if (charCount(draft.description) > DESCRIPTION_MAX) out.push({ field: 'description', kind: 'tooLong' });
  const chain = chainProblem(draft.nodes.map((n) => n.state ?? Number.NaN));
  if (chain) out.push(chain);
  draft.nodes.forEach((n, i) => {
    const at = `nodes[${String(i)}]`;
    const nodeName = (n.name ?? '').trim();
    if (nodeName === '') out.push({ field: `${at}.name`, kind: 'required' });
    else if (charCount(nodeName) > NAME_MAX) out.push({ field: `${at}.name`, kind: 'tooLong' });
    (n.conditions ?? []).forEach((b, j) => {
      const target = draft.nodes.findIndex((m) => m.id !== undefined && m.id !== null && m.id === b.nextNodeId);
      if (target <= i) out.push({ field: `${at}.conditions[${String(j)}].nextNodeId`, kind: 'notLater' });
      if (b.op === 'in' && !Array.isArray(b.value)) out.push({ field: `${at}.conditions[${String(j)}].value`, kind: 'notList' });
    });
  });
  return out;
}

/** The node a field path is about (`nodes[2].name` → 2), or null for the flow itself. */
export function nodeIndexOf(field: string | undefined): number | null {
  const m = field === undefined ? null : /^nodes\[(\d+)\]/.exec(field);
  return m ? Number(m[1]) : null;
}

/**
 * The part of a node a refusal names, whichever call sent it: `workSetting/update_node` says `node.fields[0].key`,
 * `flow/save` says `nodes[3].fields[0].key` (for node 3). Answers `fields[0].key`, or null when it is about
 * something else.
 */
export function nodePartOf(field: string | undefined, index: number | null): string | null {
  if (field === undefined) return null;
  if (field.startsWith('node.')) return field.slice('node.'.length);
  if (index === null) return null;
  const prefix = `nodes[${String(index)}].`;
  return field.startsWith(prefix) ? field.slice(prefix.length) : null;
}

/** The list with the item at `from` moved to `to` (both clamped into the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const last = list.length - 1;
  const a = Math.max(0, Math.min(last, from));
  const b = Math.max(0, Math.min(last, to));
  const [item] = next.splice(a, 1);
  if (item !== undefined) next.splice(b, 0, item);
  return next;
}

/**
 * The nodes without the one at `index`; branches of the others that pointed to it go too (they would point
 * nowhere, which the server refuses).
 */
export function withoutNode(nodes: readonly NodeInput[], index: number): NodeInput[] {
  const gone = nodes[index]?.id;
  return nodes
    .filter((_, i) => i !== index)
    .map((n) => (gone === undefined || gone === null || !(n.conditions ?? []).some((b) => b.nextNodeId === gone) ? n : { ...n, conditions: (n.conditions ?? []).filter((b) => b.nextNodeId !== gone) }));
}

/**
 * The nodes the branches of the current node may send an order to depending on what its step submits (branches on
 * the step's own fields), without repeats. Empty: the next node is already known (the order's `selectable` step);
 * otherwise `save_flow` goes without `nodeId` and the server follows the branches with the submitted data.
 */
export function targetsDecidedByStep(conditions: readonly Pick<Branch, 'field' | 'nextNodeId'>[], stepFieldKeys: readonly string[]): number[] {
  const keys = new Set(stepFieldKeys);
  return [...new Set(conditions.filter((b) => keys.has(b.field)).map((b) => b.nextNodeId))];
}

/** How many branches of other nodes point to the node at `index`. */
export function incomingBranches(nodes: readonly NodeDraft[], index: number): number {
  const id = nodes[index]?.id;
  if (id === undefined || id === null) return 0;
  return nodes.reduce((sum, n) => sum + (n.conditions ?? []).filter((b) => b.nextNodeId === id).length, 0);
}

/** A branch's value as typed (text) → what is sent: a list for `in`, nothing for `filled`, a number when it is one. */
export function branchValue(op: string, text: string): string | number | string[] | null {
  if (op === 'filled') return null;
  if (op === 'in') return [...new Set(text.split(/[,，;；]/).map((s) => s.trim()).filter((s) => s !== ''))];
  const trimmed = text.trim();
  const n = Number(trimmed);
  return trimmed !== '' && Number.isFinite(n) ? n : trimmed;
}

/** A stored branch value → the text shown and edited. */
export function branchValueText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => branchValueText(v)).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

/** Who acts at a node: one of the roles, or a named user. */
export type AssigneeChoice = { kind: AssigneeRole } | { kind: 'user'; userId: number | null };

export function assigneeChoice(assignee: string | { userId: number } | null | undefined): AssigneeChoice {
  if (assignee && typeof assignee === 'object') return { kind: 'user', userId: assignee.userId };
  return ASSIGNEE_ROLES.includes(assignee as AssigneeRole) ? { kind: assignee as AssigneeRole } : { kind: 'assignee' };
}

/** The wire form of a choice (null: a named user not picked yet). */
export function assigneeValue(choice: AssigneeChoice): string | { userId: number } | null {
  if (choice.kind !== 'user') return choice.kind;
  return choice.userId === null ? null : { userId: choice.userId };
}

/** Offered and required functions kept consistent: a required function is offered too. */
export function toggleFunction(
  current: { functions: readonly string[]; required: readonly string[] },
  key: string,
  part: 'offered' | 'required',
  on: boolean,
): { functions: string[]; required: string[] } {
  let functions = current.functions.filter((k) => k !== key);
  let required = current.required.filter((k) => k !== key);
  const offered = part === 'offered' ? on : on || current.functions.includes(key);
  const needed = part === 'required' ? on : on && current.required.includes(key);
  if (offered) functions = [...functions, key];
  if (offered && needed) required = [...required, key];
  return { functions: keepOrder(current.functions, functions), required: keepOrder(current.required, required) };
}

function keepOrder(before: readonly string[], after: readonly string[]): string[] {
  const known = before.filter((k) => after.includes(k));
  return [...known, ...after.filter((k) => !known.includes(k))];
}

/** The detail's section where a node function is done (attachments for a photo, the repair record for parts…). */
export const FUNCTION_SECTIONS: Readonly<Record<string, 'files' | 'location' | 'repair' | 'timeline' | 'tasks'>> = {
  photo: 'files',
  location: 'location',
  parts: 'repair',
  labour: 'repair',
  tyreChange: 'repair',
  dispose: 'timeline',
  discussion: 'timeline',
  task: 'tasks',
};

/** The DOM id of an order detail's section. */
export function sectionId(section: string): string {
  return `order-section-${section}`;
}

/** Timeline entry kind of a step on the flow (`data {fromNode, toNode, values, labels}`). */
export const LOG_STEP = 5;

export interface StepLogData {
  fromNode: number | null;
  toNode: number | null;
  values: Record<string, unknown>;
  /** The submitted fields' labels as the step asked them (entries written before labels were kept have none). */
  labels: Record<string, string>;
}

/** A step entry's data: the nodes left and reached, the values submitted and their labels (anything malformed left out). */
export function stepLogData(data: Readonly<Record<string, unknown>>): StepLogData {
  const id = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  const record = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const labels = Object.fromEntries(Object.entries(record(data.labels)).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { fromNode: id(data.fromNode), toNode: id(data.toNode), values: record(data.values), labels };
}

/** The display states of an order's steps (`info.steps[].display`). */
export type StepDisplay = 'completed' | 'current' | 'selectable' | 'forbidden';

export function stepDisplay(display: string): StepDisplay {
  return display === 'completed' || display === 'current' || display === 'selectable' ? display : 'forbidden';
}
