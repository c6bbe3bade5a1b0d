/**
 * Pure rules of the enterprise area: enumerations (console-spec §3), the enterprise tree, invitation and relation
 * actions, alarm-threshold payloads and the field a server refusal names, the relation graph's nodes and links.
 * No React, no requests: unit-tested in tests/unit/enterprise.test.mjs.
 */
import type { AlarmSettings, AxlePosition, EnterpriseNode, Invitation, Relation, ThresholdValues } from './types';
import type { Answer } from '@/lib/api-types';

/** Relationship types 0–4 (console-spec §3). */
export const RELATION_TYPES = [0, 1, 2, 3, 4] as const;
/** Enterprise types 0–4: direct, superior, outsourced, agent, supervisory. */
export const ENTERPRISE_TYPES = [0, 1, 2, 3, 4] as const;
/** Service providers are the outsourced enterprises (type 2). */
export const SERVICE_PROVIDER_TYPE = 2;
/** Wheel sensor support 0–3. */
export const WHEEL_SUPPORT = [0, 1, 2, 3] as const;
/** Verification 0 not submitted, 1 pending, 2 approved, 3 rejected. */
export const VERIFY_STATES = [0, 1, 2, 3] as const;
/** Invitations 0 pending, 1 accepted, 2 refused, 3 cancelled, 4 expired. */
export const INVITATION_STATES = [0, 1, 2, 3, 4] as const;
/** Relations 0 requested, 1 confirmed, 2 refused, 3 ended. */
export const RELATION_STATES = [0, 1, 2, 3] as const;
/** Relation types an enterprise invitation may offer (maintenance custody, customer, cooperation). */
export const INVITABLE_RELATION_TYPES = [2, 3, 4] as const;
/** Trees are at most three levels deep. */
export const MAX_LEVEL = 3;
export type Tone = 'slate' | 'green' | 'red' | 'amber' | 'blue';

export function invitationTone(state: number): Tone {
  return state === 0 ? 'amber' : state === 1 ? 'green' : state === 2 ? 'red' : 'slate';
}

export function relationTone(state: number): Tone {
  return state === 0 ? 'amber' : state === 1 ? 'green' : state === 2 ? 'red' : 'slate';
}

export function verifyTone(state: number): Tone {
  return state === 2 ? 'green' : state === 1 ? 'amber' : state === 3 ? 'red' : 'slate';
}

/** Alarm types a supervision or push setting may name (the server's list). */
export const ALARM_TYPES = [
  'high_pressure',
  'low_pressure',
  'high_temperature',
  'fast_leak',
  'slow_leak',
  'axle_high_temperature',
  'axle_temp_difference',
  'sensor_lost',
  'sensor_low_battery',
  'sensor_fault',
  'offline',
] as const;

// --- the enterprise tree ------------------------------------------------------------------------------------------

/** `A / B`: the ancestors of an enterprise, top first ('' at the top level). */
export function parentPath(e: { parent: readonly { ent_name: string }[] }): string {
  return e.parent.map((p) => p.ent_name).join(' / ');
}

export interface FlatNode {
  node: EnterpriseNode;
  depth: number;
}

/** Depth-first, parents before children. */
export function flattenTree(nodes: readonly EnterpriseNode[], depth = 0): FlatNode[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.ent_list, depth + 1)]);
}

export function countNodes(nodes: readonly EnterpriseNode[]): number {
  return flattenTree(nodes).length;
}

/** Ids of `id` and everything below it (a node cannot move below itself or a descendant). */
export function subtreeIds(nodes: readonly EnterpriseNode[], id: number): Set<number> {
  const out = new Set<number>();
  const walk = (list: readonly EnterpriseNode[], inside: boolean) => {
    for (const n of list) {
      const here = inside || n.entId === id;
      if (here) out.add(n.entId);
      walk(n.ent_list, here);
    }
  };
  walk(nodes, false);
  return out;
}

/** Height of a subtree: 1 for a leaf. */
function height(node: EnterpriseNode): number {
  return 1 + Math.max(0, ...node.ent_list.map(height));
}

function findNode(nodes: readonly EnterpriseNode[], id: number): EnterpriseNode | null {
  for (const n of nodes) {
    if (n.entId === id) return n;
    const hit = findNode(n.ent_list, id);
    if (hit) return hit;
  }
  return null;
}

/**
 * Enterprises that may be the parent of `moving` (or of a new enterprise when `moving` is null): not itself or below
 * it, and deep enough room that the tree stays within three levels. Indented labels for a select.
 */
export function parentOptions(nodes: readonly EnterpriseNode[], moving: number | null): { value: number; label: string }[] {
  const excluded = moving === null ? new Set<number>() : subtreeIds(nodes, moving);
  const movingNode = moving === null ? null : findNode(nodes, moving);
  const need = movingNode ? height(movingNode) : 1;
  return flattenTree(nodes)
    .filter(({ node, depth }) => !excluded.has(node.entId) && depth + 1 + need <= MAX_LEVEL)
    .map(({ node, depth }) => ({ value: node.entId, label: `${'· '.repeat(depth)}${node.entName}` }));
}

/** Keeps the nodes whose name matches (case-insensitive) and the ancestors that lead to them. */
export function filterEnterpriseTree(nodes: readonly EnterpriseNode[], query: string): EnterpriseNode[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...nodes];
  const out: EnterpriseNode[] = [];
  for (const n of nodes) {
    const children = filterEnterpriseTree(n.ent_list, q);
    const hit = n.entName.toLowerCase().includes(q) || n.entAbbreviation.toLowerCase().includes(q);
    if (hit || children.length > 0) out.push({ ...n, ent_list: hit && children.length === 0 ? n.ent_list : children });
  }
  return out;
}

// --- invitations and relations --------------------------------------------------------------------------------------

export type InvitationAction = Answer;

/** What the caller may do with an invitation: the invited side answers a pending one, the inviting side cancels it. */
export function invitationActions(inv: Pick<Invitation, 'state' | 'direction'>): InvitationAction[] {
  if (inv.state !== 0) return [];
  return inv.direction === 'received' ? ['accept', 'refuse'] : ['cancel'];
}

export type RelationAction = 'confirm' | 'refuse' | 'end';

/** Confirm or refuse a request the server says the caller may answer; end a requested or confirmed one. */
export function relationActions(rel: Pick<Relation, 'state' | 'canConfirm'>): RelationAction[] {
  const out: RelationAction[] = [];
  if (rel.state === 0 && rel.canConfirm) out.push('confirm', 'refuse');
  if (rel.state === 0 || rel.state === 1) out.push('end');
  return out;
}

/** `1, 2, 3` / `1 2 3` / `1，2` → [1, 2, 3]; null when something is not a positive whole number. */
export function parseIdList(text: string): number[] | null {
  const parts = text.split(/[\s,，;；]+/).filter((p) => p !== '');
  const ids: number[] = [];
  for (const p of parts) {
    if (!/^\d+$/.test(p) || Number(p) <= 0) return null;
    const n = Number(p);
    if (!ids.includes(n)) ids.push(n);
  }
  return ids;
}

// --- alarm thresholds ---------------------------------------------------------------------------------------------

export const AXLE_POSITIONS: readonly AxlePosition[] = ['steer', 'drive', 'trailer'];

export type ThresholdKey = keyof ThresholdValues;

export interface ThresholdField {
  key: ThresholdKey;
  /** The unit label's i18n key suffix. */
  unit: 'bar' | 'celsius' | 'kpaPerMin' | 'percent' | 'minutes';
  min: number;
  max: number;
  step: number;
}

/** The fields in display order, with the ranges the server documents (shown as hints; the server decides). */
export const THRESHOLD_FIELDS: readonly ThresholdField[] = [
  { key: 'standardPressure', unit: 'bar', min: 1, max: 15, step: 0.1 },
  { key: 'highPressure', unit: 'bar', min: 1, max: 20, step: 0.1 },
  { key: 'lowPressureWarning', unit: 'bar', min: 0.5, max: 15, step: 0.1 },
  { key: 'lowPressureCritical', unit: 'bar', min: 0.5, max: 15, step: 0.1 },
  { key: 'highTemperature', unit: 'celsius', min: 40, max: 150, step: 1 },
  { key: 'fastLeakRate', unit: 'kpaPerMin', min: 1, max: 500, step: 1 },
  { key: 'axleHighTemperature', unit: 'celsius', min: 50, max: 250, step: 1 },
  { key: 'axleTempDifference', unit: 'celsius', min: 5, max: 150, step: 1 },
  { key: 'sensorLowBattery', unit: 'percent', min: 1, max: 99, step: 1 },
  { key: 'offlineMinutes', unit: 'minutes', min: 1, max: 10080, step: 1 },
];

const THRESHOLD_KEYS: readonly string[] = THRESHOLD_FIELDS.map((f) => f.key);
const INTEGER_KEYS: readonly ThresholdKey[] = ['sensorLowBattery', 'offlineMinutes'];

export type ThresholdSection = 'general' | AxlePosition;

/** Form values of one section: text as typed (so a half-typed number is not lost). */
export type ThresholdDraft = Record<ThresholdKey, string>;

export interface ThresholdForm {
  general: ThresholdDraft;
  /** Per axle position: whether it has values of its own (else the position's defaults apply), and the values shown. */
  axles: Record<AxlePosition, { own: boolean; values: ThresholdDraft }>;
}

function draftOf(v: ThresholdValues): ThresholdDraft {
  return Object.fromEntries(THRESHOLD_FIELDS.map((f) => [f.key, String(v[f.key])])) as ThresholdDraft;
}

/** The form for what `findTbEnterpriseAlarmNew` answered. */
export function thresholdForm(settings: AlarmSettings): ThresholdForm {
  const axles = {} as ThresholdForm['axles'];
  for (const p of AXLE_POSITIONS) {
    const a = settings.axles.find((x) => x.position === p);
    axles[p] = { own: a?.customized ?? false, values: draftOf(a ?? settings.general) };
  }
  return { general: draftOf(settings.general), axles };
}

export interface ThresholdPayload {
  general: Partial<ThresholdValues>;
  axles: ({ position: AxlePosition; reset: true } | ({ position: AxlePosition } & Partial<ThresholdValues>))[];
}

/** Local problems (empty or not a number) per section and field; ranges are left to the server. */
export function draftErrors(form: ThresholdForm): Partial<Record<ThresholdSection, Partial<Record<ThresholdKey, 'required' | 'number'>>>> {
  const out: Partial<Record<ThresholdSection, Partial<Record<ThresholdKey, 'required' | 'number'>>>> = {};
  const check = (section: ThresholdSection, draft: ThresholdDraft) => {
    for (const f of THRESHOLD_FIELDS) {
      const raw = draft[f.key].trim();
      const problem = raw === '' ? 'required' : Number.isFinite(Number(raw)) ? null : 'number';
      if (problem) out[section] = { ...out[section], [f.key]: problem };
    }
  };
  check('general', form.general);
  for (const p of AXLE_POSITIONS) if (form.axles[p].own) check(p, form.axles[p].values);
  return out;
}

function numbersOf(draft: ThresholdDraft): Partial<ThresholdValues> {
  const out: Partial<ThresholdValues> = {};
  for (const f of THRESHOLD_FIELDS) {
    const n = Number(draft[f.key].trim());
    out[f.key] = INTEGER_KEYS.includes(f.key) ? Math.round(n) : n;
  }
  return out;
}

/** The `updateTbEnterpriseAlarm` body: every general value, and per position its own values or a reset. */
export function thresholdPayload(form: ThresholdForm): ThresholdPayload {
  return {
    general: numbersOf(form.general),
    axles: AXLE_POSITIONS.map((position) => (form.axles[position].own ? { position, ...numbersOf(form.axles[position].values) } : { position, reset: true as const })),
  };
}

export interface FieldError {
  section: ThresholdSection;
  field: ThresholdKey;
  message: string;
}

/**
 * Where a refusal of the threshold form belongs, from the field the server named (`data.field`: `highPressure` for the
 * general section, `axles[1].highPressure` for the axle sent at index 1). Null when it names no threshold field.
 */
export function fieldErrorOf(
  field: string | undefined,
  message: string,
  sentPositions: readonly AxlePosition[],
): FieldError | null {
  if (field === undefined) return null;
  const dot = field.lastIndexOf('.');
  const key = field.slice(dot + 1);
  if (!THRESHOLD_KEYS.includes(key)) return null;
  let section: ThresholdSection = 'general';
  if (dot >= 0) {
    const head = field.slice(0, dot);
    const index = head.startsWith('axles[') && head.endsWith(']') ? Number(head.slice(6, -1)) : Number.NaN;
    const position = Number.isInteger(index) ? sentPositions[index] : undefined;
    if (!position) return null;
    section = position;
  }
  return { section, field: key as ThresholdKey, message: message.trim() };
}

// --- the relation graph -------------------------------------------------------------------------------------------

export interface GraphNode {
  id: string;
  name: string;
  /** The enterprise the graph is about. */
  center: boolean;
}

export interface GraphLink {
  source: string;
  target: string;
  type: number;
  state: number;
  label: string;
}

/**
 * Nodes (each enterprise once) and links (grantor → grantee, one per relation) of `relationByEnt`. Refused and
 * ended relations are left out unless `all`.
 */
export function relationGraph(
  data: { entId: number; entName: string; relations: readonly Relation[] },
  typeLabel: (type: number) => string,
  all = false,
): { nodes: GraphNode[]; links: GraphLink[] } {
  const nodes = new Map<string, GraphNode>();
  const add = (id: number, name: string) => {
    const key = String(id);
    if (!nodes.has(key)) nodes.set(key, { id: key, name: name || `#${id}`, center: id === data.entId });
  };
  add(data.entId, data.entName);
  const links: GraphLink[] = [];
  for (const r of data.relations) {
    if (!all && (r.state === 2 || r.state === 3)) continue;
    add(r.entId, r.entName);
    add(r.relatedEntId, r.relatedEntName);
    links.push({ source: String(r.entId), target: String(r.relatedEntId), type: r.type, state: r.state, label: typeLabel(r.type) });
  }
  return { nodes: [...nodes.values()], links };
}

// --- switching enterprise -----------------------------------------------------------------------------------------

/** The entry of the current enterprise: the one the session names, else the one the server marks current. */
export function currentEntry<T extends { value: number; current: boolean }>(entries: readonly T[], enterpriseId: number | null): T | null {
  return entries.find((e) => e.value === enterpriseId) ?? entries.find((e) => e.current) ?? null;
}
