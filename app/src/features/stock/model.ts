/**
 * The stock screens' pure rules (docs/stock.md): what each kind of move needs, the move dialog's and the service
 * dialog's drafts, their checks, totals and payloads, where a refusal the server names belongs,
 * the date range of the filters, and small formatting. No React, no imports beyond types: tests/unit/stock.test.mjs.
 */
import type { PageResult } from '@/lib/query';
import type {
  CollectPage,
  ItemKind,
  MoveInput,
  MoveKind,
  MoveLineInput,
  NewTyre,
  ServiceInput,
  ServiceLineInput,
  TyreEventKind,
  TyreState,
} from './types';

// --- kinds ------------------------------------------------------------------------------------------------------

/** What the "stock in" button offers (receipt first). */
export const IN_KINDS: readonly MoveKind[] = ['receipt', 'return', 'retreadIn'];
/** What the "stock out" button offers (issue first). */
export const OUT_KINDS: readonly MoveKind[] = ['issue', 'sale', 'transfer', 'scrap', 'adjust', 'retreadOut'];
export const MOVE_KINDS: readonly MoveKind[] = ['receipt', 'issue', 'return', 'transfer', 'sale', 'retreadOut', 'retreadIn', 'scrap', 'adjust'];

export const ITEM_KINDS: readonly ItemKind[] = [1, 2, 3];
export const LABOUR: ItemKind = 1;
export const PART: ItemKind = 2;
export const TYRE: ItemKind = 3;

export const TYRE_STATES: readonly TyreState[] = [1, 2, 3, 4, 5];
export const IN_STOCK: TyreState = 1;
export const MOUNTED: TyreState = 2;

export interface KindNeeds {
  /** A second warehouse (transfer). */
  toWarehouse: boolean;
  /** A supplier may be named (optional). */
  supplier: boolean;
  /** A customer must be named. */
  customer: boolean;
  /** A vehicle and/or a work order must be named. */
  vehicleOrOrder: boolean;
  /** A remark saying why is required. */
  remark: boolean;
  /** Lines carry a unit cost: required, optional, or not at all. */
  unitCost: 'required' | 'optional' | 'none';
  /** Lines carry a selling price (the revenue). */
  unitPrice: boolean;
  /** Quantities are signed (a stocktake). */
  signed: boolean;
  /** Tyre lines may list the serials received (one asset per unit). */
  serials: boolean;
  /** Tyre lines name the tracked tyres moved: required, optional, or not at all. */
  tyreIds: 'required' | 'optional' | 'none';
  /** Stock comes in (true), goes out (false) or either (null: adjust). */
  incoming: boolean | null;
}

const NEEDS_NONE: KindNeeds = {
  toWarehouse: false,
  supplier: false,
  customer: false,
  vehicleOrOrder: false,
  remark: false,
  unitCost: 'none',
  unitPrice: false,
  signed: false,
  serials: false,
  tyreIds: 'none',
  incoming: false,
};

/** The move kinds of docs/stock.md "Moves" and what each needs. */
export const KIND_NEEDS: Readonly<Record<MoveKind, KindNeeds>> = {
  receipt: { ...NEEDS_NONE, supplier: true, unitCost: 'required', serials: true, incoming: true },
  issue: { ...NEEDS_NONE, vehicleOrOrder: true, tyreIds: 'optional' },
  return: { ...NEEDS_NONE, vehicleOrOrder: true, incoming: true },
  transfer: { ...NEEDS_NONE, toWarehouse: true, tyreIds: 'optional' },
  sale: { ...NEEDS_NONE, customer: true, unitPrice: true, tyreIds: 'optional' },
  retreadOut: { ...NEEDS_NONE, tyreIds: 'required' },
  retreadIn: { ...NEEDS_NONE, unitCost: 'required', tyreIds: 'required', incoming: true },
  scrap: { ...NEEDS_NONE, remark: true, tyreIds: 'optional' },
  adjust: { ...NEEDS_NONE, remark: true, unitCost: 'optional', signed: true, incoming: null },
};

export function isMoveKind(s: string): s is MoveKind {
  return (MOVE_KINDS as readonly string[]).includes(s);
}

/** An item kind the screens have a name for (the contract's `kind` is any number). */
export function isItemKind(n: number): n is ItemKind {
  return (ITEM_KINDS as readonly number[]).includes(n);
}

/** A tyre state the screens have a name for (the contract's `state` is any number). */
export function isTyreState(n: number): n is TyreState {
  return (TYRE_STATES as readonly number[]).includes(n);
}

export const TYRE_EVENT_KINDS: readonly TyreEventKind[] = ['receipt', 'mount', 'rotate', 'dismount', 'transfer', 'retreadOut', 'retreadIn', 'scrap', 'sale', 'tread', 'repair', 'alarm'];

/** A tyre event kind the screens have a name for (the contract's `kind` is any text). */
export function isTyreEventKind(s: string): s is TyreEventKind {
  return (TYRE_EVENT_KINDS as readonly string[]).includes(s);
}

// --- numbers ----------------------------------------------------------------------------------------------------

/** A typed number: null when empty, NaN when not a number. Accepts a decimal comma. */
export function parseNumber(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (s === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}

/** Money rounded to cents (what the server stores). */
export function cents(n: number): number {
  return Math.round(n * 100) / 100;
}

/** 1234.5 → '1234.50'; null/undefined → '—'. */
export function money(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? n.toFixed(2) : '—';
}

/** A number to `digits` decimals; '—' for anything else (fields a server may leave out or null). */
export function fixed(n: unknown, digits: number): string {
  return typeof n === 'number' && Number.isFinite(n) ? n.toFixed(digits) : '—';
}

/** A quantity as people read it: whole numbers bare, others to at most 3 decimals; null → '—'. */
export function quantity(n: number | null | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '—';
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

/** A signed quantity of the ledger: '+5', '−3' (a real minus sign), '0'. */
export function signedQuantity(n: number): string {
  if (n > 0) return `+${quantity(n)}`;
  if (n < 0) return `−${quantity(-n)}`;
  return '0';
}

// --- the move dialog --------------------------------------------------------------------------------------------

/** What the dialog knows of an item (from itemList). */
export interface ItemFacts {
  id: number;
  /** An item kind (LABOUR, PART, TYRE). */
  kind: number;
  name: string;
  price: number;
}

export interface LineDraft {
  /** Stable key of the row (React), not sent. */
  key: number;
  itemId: number | null;
  quantity: string;
  unitCost: string;
  unitPrice: string;
  /** Receipts of tyres: one serial per line, optionally followed by its DOT code. */
  serials: string;
  tyreIds: number[];
}

export interface MoveDraft {
  kind: MoveKind;
  warehouseId: number | null;
  toWarehouseId: number | null;
  supplierId: number | null;
  customerId: number | null;
  vehicleId: number | null;
  workOrderId: number | null;
  /** `YYYY-MM-DDTHH:mm` (a datetime-local input, the browser's zone); '' = now. */
  occurredAt: string;
  remark: string;
  lines: LineDraft[];
}

export function emptyLine(key: number): LineDraft {
  return { key, itemId: null, quantity: '1', unitCost: '', unitPrice: '', serials: '', tyreIds: [] };
}

export function emptyMove(kind: MoveKind, warehouseId: number | null = null): MoveDraft {
  return { kind, warehouseId, toWarehouseId: null, supplierId: null, customerId: null, vehicleId: null, workOrderId: null, occurredAt: '', remark: '', lines: [emptyLine(1)] };
}

/** A problem to show under a field: a key of the `stock` namespace's `error` group and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** Problems by the field's JSON path as the server names it (`warehouseId`, `lines[2].quantity`). */
export type Problems = Record<string, Problem>;

/** The serials typed for a receipt of tyres: one per line, `SERIAL` or `SERIAL DOT` (space, comma, semicolon or tab). */
export function parseSerials(text: string): NewTyre[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => {
      const [serial = '', dot] = l.split(/[\s,;]+/);
      return dot ? { serial, dot } : { serial };
    });
}

export const MAX_SERIAL = 64;
export const MAX_REMARK = 200;

function checkQuantity(text: string, kind: number | undefined, signed: boolean): Problem | null {
  const q = parseNumber(text);
  if (q === null) return { key: 'quantityRequired' };
  if (Number.isNaN(q)) return { key: 'notNumber' };
  if (signed ? q === 0 : q <= 0) return { key: signed ? 'quantityNonZero' : 'quantityPositive' };
  if (kind === TYRE && !Number.isInteger(q)) return { key: 'quantityWhole' };
  return null;
}

function checkMoney(text: string, required: boolean): Problem | null {
  const v = parseNumber(text);
  if (v === null) return required ? { key: 'required' } : null;
  if (Number.isNaN(v)) return { key: 'notNumber' };
  if (v < 0) return { key: 'notNegative' };
  return null;
}

/** The dialog's checks before anything is sent (the server checks again and names the line it refuses). */
export function validateMove(draft: MoveDraft, items: ReadonlyMap<number, ItemFacts>): Problems {
  const needs = KIND_NEEDS[draft.kind];
  const problems: Problems = {};
  if (draft.warehouseId === null) problems.warehouseId = { key: 'required' };
  if (needs.toWarehouse) {
    if (draft.toWarehouseId === null) problems.toWarehouseId = { key: 'required' };
    else if (draft.toWarehouseId === draft.warehouseId) problems.toWarehouseId = { key: 'sameWarehouse' };
  }
  if (needs.customer && draft.customerId === null) problems.customerId = { key: 'required' };
  if (needs.vehicleOrOrder && draft.vehicleId === null && draft.workOrderId === null) problems.vehicleId = { key: 'vehicleOrOrder' };
  if (needs.remark && draft.remark.trim() === '') problems.remark = { key: 'remarkRequired' };
  if (draft.remark.length > MAX_REMARK) problems.remark = { key: 'tooLong', values: { n: MAX_REMARK } };
  if (draft.occurredAt !== '' && Number.isNaN(new Date(draft.occurredAt).getTime())) problems.occurredAt = { key: 'badTime' };
  if (draft.lines.length === 0) problems.lines = { key: 'noLines' };
  const seen = new Map<string, number>();
  draft.lines.forEach((line, i) => {
    const at = (f: string) => `lines[${String(i)}].${f}`;
    const item = line.itemId === null ? undefined : items.get(line.itemId);
    if (line.itemId === null) problems[at('itemId')] = { key: 'itemRequired' };
    else if (item?.kind === LABOUR) problems[at('itemId')] = { key: 'labourNotStocked' };
    const q = checkQuantity(line.quantity, item?.kind, needs.signed);
    if (q) problems[at('quantity')] = q;
    if (needs.unitCost !== 'none') {
      const c = checkMoney(line.unitCost, needs.unitCost === 'required');
      if (c) problems[at('unitCost')] = c;
    }
    if (needs.unitPrice) {
      const p = checkMoney(line.unitPrice, true);
      if (p) problems[at('unitPrice')] = p;
    }
    const count = parseNumber(line.quantity);
    const whole = count !== null && Number.isInteger(count) ? Math.abs(count) : null;
    if (needs.serials && item?.kind === TYRE) {
      const serials = parseSerials(line.serials);
      if (serials.length > 0) {
        const long = serials.find((s) => s.serial.length > MAX_SERIAL);
        const repeated = serials.find((s) => {
          const before = seen.get(s.serial);
          seen.set(s.serial, (before ?? 0) + 1);
          return before !== undefined;
        });
        if (long) problems[at('serials')] = { key: 'serialTooLong', values: { serial: long.serial, n: MAX_SERIAL } };
        else if (repeated) problems[at('serials')] = { key: 'serialRepeated', values: { serial: repeated.serial } };
        else if (whole !== null && serials.length !== whole) problems[at('serials')] = { key: 'serialCount', values: { count: serials.length, quantity: whole } };
      }
    }
    if (needs.tyreIds !== 'none' && item?.kind === TYRE) {
      if (needs.tyreIds === 'required' && line.tyreIds.length === 0) problems[at('tyreIds')] = { key: 'tyresRequired' };
      else if (line.tyreIds.length > 0 && whole !== null && line.tyreIds.length !== whole) problems[at('tyreIds')] = { key: 'tyreCount', values: { count: line.tyreIds.length, quantity: whole } };
    } else if (needs.tyreIds === 'required' && item !== undefined && item.kind !== TYRE) {
      problems[at('itemId')] = { key: 'tyreItemOnly' };
    }
  });
  return problems;
}

/** The amount of a line as the dialog previews it: quantity × the selling price (sales) or the unit cost. */
export function lineAmount(line: LineDraft, kind: MoveKind): number | null {
  const q = parseNumber(line.quantity);
  const price = parseNumber(KIND_NEEDS[kind].unitPrice ? line.unitPrice : line.unitCost);
  if (q === null || price === null || Number.isNaN(q) || Number.isNaN(price)) return null;
  return cents(q * price);
}

/** The document's quantity and amount (lines without a price count in the quantity only). */
export function moveTotals(draft: MoveDraft): { quantity: number; amount: number } {
  let qty = 0;
  let amount = 0;
  for (const line of draft.lines) {
    const q = parseNumber(line.quantity);
    if (q !== null && !Number.isNaN(q)) qty += q;
    amount += lineAmount(line, draft.kind) ?? 0;
  }
  return { quantity: Math.round(qty * 1000) / 1000, amount: cents(amount) };
}

/** `YYYY-MM-DDTHH:mm` in the browser's zone → RFC 3339 (UTC); '' → undefined. */
export function localTimeToRfc3339(local: string): string | undefined {
  if (local.trim() === '') return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The saveMove body of a checked draft: only what the kind takes, numbers parsed, text trimmed. */
export function movePayload(draft: MoveDraft, items: ReadonlyMap<number, ItemFacts>): MoveInput {
  const needs = KIND_NEEDS[draft.kind];
  const num = (s: string) => parseNumber(s) ?? 0;
  const lines: MoveLineInput[] = draft.lines.map((l) => {
    const tyre = items.get(l.itemId ?? 0)?.kind === TYRE;
    const line: MoveLineInput = { itemId: l.itemId ?? 0, quantity: num(l.quantity) };
    const cost = parseNumber(l.unitCost);
    if (needs.unitCost !== 'none' && cost !== null) line.unitCost = cost;
    if (needs.unitPrice) line.unitPrice = num(l.unitPrice);
    if (needs.serials && tyre) {
      const serials = parseSerials(l.serials);
      if (serials.length > 0) line.tyres = serials;
    }
    if (needs.tyreIds !== 'none' && tyre && l.tyreIds.length > 0) line.tyreIds = [...l.tyreIds];
    return line;
  });
  const body: MoveInput = { kind: draft.kind, warehouseId: draft.warehouseId ?? 0, lines };
  if (needs.toWarehouse && draft.toWarehouseId !== null) body.toWarehouseId = draft.toWarehouseId;
  if (needs.supplier && draft.supplierId !== null) body.supplierId = draft.supplierId;
  if (needs.customer && draft.customerId !== null) body.customerId = draft.customerId;
  if (needs.vehicleOrOrder) {
    if (draft.vehicleId !== null) body.vehicleId = draft.vehicleId;
    if (draft.workOrderId !== null) body.workOrderId = draft.workOrderId;
  }
  const at = localTimeToRfc3339(draft.occurredAt);
  if (at) body.occurredAt = at;
  if (draft.remark.trim() !== '') body.remark = draft.remark.trim();
  return body;
}

// --- refusals ---------------------------------------------------------------------------------------------------

/**
 * Where a refusal the server names (`data.field`, a JSON path) shows in a dialog with lines: `lines[2].quantity` under
 * that line's quantity, `lines[0].tyres[3].serial` under the line's serials, `lines[1].tyreIds[0]` under its tyres, a
 * top-level field under that field. Null when the dialog has no such field (the message then shows above the lines).
 */
export function refusalTarget(field: string | undefined, shown: readonly string[]): string | null {
  if (field === undefined || field === '') return null;
  const line = /^lines\[(\d+)\](?:\.(\w+))?/.exec(field);
  let target = field;
  if (line) {
    const [, index = '0', name] = line;
    if (name === undefined) target = `lines[${index}].itemId`;
    else if (name === 'tyres' || name === 'serial' || name === 'dot') target = `lines[${index}].serials`;
    else target = `lines[${index}].${name}`;
  } else {
    target = field.split(/[.[]/)[0] ?? field;
  }
  return shown.includes(target) ? target : null;
}

/** The server's text without a leading `field: ` it may repeat (`lines[2].quantity: not enough stock`). */
export function refusalText(message: string, field: string | undefined): string {
  const text = message.trim();
  if (field && (text.startsWith(`${field}:`) || text.startsWith(`${field}：`))) return text.slice(field.length + 1).trim();
  return text;
}

/** The fields of a move draft a refusal may name (those the dialog shows). */
export function moveFields(draft: MoveDraft): string[] {
  const top = ['kind', 'warehouseId', 'toWarehouseId', 'supplierId', 'customerId', 'vehicleId', 'workOrderId', 'occurredAt', 'remark', 'lines'];
  const perLine = ['itemId', 'quantity', 'unitCost', 'unitPrice', 'serials', 'tyreIds'];
  return [...top, ...draft.lines.flatMap((_, i) => perLine.map((f) => `lines[${String(i)}].${f}`))];
}

// --- the service dialog -----------------------------------------------------------------------------------------

export interface ServiceLineDraft {
  key: number;
  itemId: number | null;
  quantity: string;
  unitPrice: string;
  /** Parts and tyres: the warehouse they are issued from (null: the service setting's default). */
  warehouseId: number | null;
}

export interface ServiceDraft {
  vehicleId: number | null;
  item: string;
  content: string;
  mileage: string;
  /** Only without lines: with lines the cost is their sum. */
  cost: string;
  /** `YYYY-MM-DDTHH:mm` local; '' = now. */
  servicedAt: string;
  workOrderId: number | null;
  lines: ServiceLineDraft[];
}

export function emptyServiceLine(key: number): ServiceLineDraft {
  return { key, itemId: null, quantity: '1', unitPrice: '', warehouseId: null };
}

export function emptyService(): ServiceDraft {
  return { vehicleId: null, item: '', content: '', mileage: '', cost: '', servicedAt: '', workOrderId: null, lines: [] };
}

export const MAX_SERVICE_ITEM = 64;

/** The service dialog's checks; `defaultWarehouse`: the service setting's, used by part lines naming none. */
export function validateService(draft: ServiceDraft, items: ReadonlyMap<number, ItemFacts>, defaultWarehouse: number | null): Problems {
  const problems: Problems = {};
  if (draft.vehicleId === null) problems.vehicleId = { key: 'required' };
  const item = draft.item.trim();
  if (item === '') problems.item = { key: 'required' };
  else if (item.length > MAX_SERVICE_ITEM) problems.item = { key: 'tooLong', values: { n: MAX_SERVICE_ITEM } };
  const mileage = parseNumber(draft.mileage);
  if (mileage !== null && (Number.isNaN(mileage) || mileage < 0)) problems.mileage = { key: Number.isNaN(mileage) ? 'notNumber' : 'notNegative' };
  if (draft.lines.length === 0) {
    const c = checkMoney(draft.cost, false);
    if (c) problems.cost = c;
  }
  if (draft.servicedAt !== '' && Number.isNaN(new Date(draft.servicedAt).getTime())) problems.servicedAt = { key: 'badTime' };
  draft.lines.forEach((line, i) => {
    const at = (f: string) => `create.lines[${String(i)}].${f}`;
    const it = line.itemId === null ? undefined : items.get(line.itemId);
    if (line.itemId === null) problems[at('itemId')] = { key: 'itemRequired' };
    const q = checkQuantity(line.quantity, it?.kind, false);
    if (q) problems[at('quantity')] = q;
    const p = checkMoney(line.unitPrice, false);
    if (p) problems[at('unitPrice')] = p;
    if (it !== undefined && it.kind !== LABOUR && line.warehouseId === null && defaultWarehouse === null) problems[at('warehouseId')] = { key: 'warehouseRequired' };
  });
  return problems;
}

/** The price a line is charged at: the one typed, else the item's. */
function servicePrice(line: ServiceLineDraft, items: ReadonlyMap<number, ItemFacts>): number | null {
  const typed = parseNumber(line.unitPrice);
  if (typed !== null) return Number.isNaN(typed) ? null : typed;
  return line.itemId === null ? null : (items.get(line.itemId)?.price ?? null);
}

/** The amount of a service line as the dialog previews it: quantity × its price; null while either is not known. */
export function serviceLineAmount(line: ServiceLineDraft, items: ReadonlyMap<number, ItemFacts>): number | null {
  const q = parseNumber(line.quantity);
  const price = servicePrice(line, items);
  return q === null || Number.isNaN(q) || price === null ? null : q * price;
}

/** Labour, parts (parts and tyres) and their total, as the record will store them (`labourCost`, `partsCost`, `cost`). */
export function serviceTotals(lines: readonly ServiceLineDraft[], items: ReadonlyMap<number, ItemFacts>): { labourCost: number; partsCost: number; cost: number } {
  let labour = 0;
  let parts = 0;
  for (const l of lines) {
    const q = parseNumber(l.quantity);
    const price = servicePrice(l, items);
    if (q === null || Number.isNaN(q) || price === null) continue;
    if (items.get(l.itemId ?? 0)?.kind === LABOUR) labour += q * price;
    else parts += q * price;
  }
  return { labourCost: cents(labour), partsCost: cents(parts), cost: cents(labour + parts) };
}

/** The car_service body creating the record: `{vehicleId, create}`. */
export function servicePayload(draft: ServiceDraft, items: ReadonlyMap<number, ItemFacts>): { vehicleId: number; create: ServiceInput } {
  const create: ServiceInput = { item: draft.item.trim() };
  if (draft.content.trim() !== '') create.content = draft.content.trim();
  const mileage = parseNumber(draft.mileage);
  if (mileage !== null && !Number.isNaN(mileage)) create.mileage = mileage;
  const at = localTimeToRfc3339(draft.servicedAt);
  if (at) create.servicedAt = at;
  if (draft.workOrderId !== null) create.workOrderId = draft.workOrderId;
  if (draft.lines.length > 0) {
    create.lines = draft.lines.map((l): ServiceLineInput => {
      const line: ServiceLineInput = { itemId: l.itemId ?? 0, quantity: parseNumber(l.quantity) ?? 0 };
      const price = parseNumber(l.unitPrice);
      if (price !== null && !Number.isNaN(price)) line.unitPrice = price;
      if (l.warehouseId !== null && items.get(l.itemId ?? 0)?.kind !== LABOUR) line.warehouseId = l.warehouseId;
      return line;
    });
  } else {
    const cost = parseNumber(draft.cost);
    if (cost !== null && !Number.isNaN(cost)) create.cost = cost;
  }
  return { vehicleId: draft.vehicleId ?? 0, create };
}

/** The fields of a service draft a refusal may name. */
export function serviceFields(draft: ServiceDraft): string[] {
  const top = ['vehicleId', 'item', 'content', 'mileage', 'cost', 'servicedAt', 'workOrderId', 'lines'];
  const perLine = ['itemId', 'quantity', 'unitPrice', 'warehouseId'];
  return [...top, ...draft.lines.flatMap((_, i) => perLine.map((f) => `create.lines[${String(i)}].${f}`))];
}

/** A service refusal's field: the server may name it inside `create` or not (`create.lines[1].quantity`, `item`). */
export function serviceRefusalTarget(field: string | undefined, shown: readonly string[]): string | null {
  if (field === undefined || field === '') return null;
  const inner = field.startsWith('create.') ? field.slice('create.'.length) : field;
  const line = /^lines\[(\d+)\](?:\.(\w+))?/.exec(inner);
  if (line) {
    const [, index = '0', name = 'itemId'] = line;
    const target = `create.lines[${index}].${name === 'tyreIds' ? 'itemId' : name}`;
    return shown.includes(target) ? target : null;
  }
  const top = inner.split(/[.[]/)[0] ?? inner;
  return shown.includes(top) ? top : null;
}

// --- filters ----------------------------------------------------------------------------------------------------

/** `YYYY-MM-DD` in the browser's zone → the RFC 3339 instants starting `from`'s day and ending `to`'s day. */
export function dayRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const day = (s: string | undefined) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null);
  const f = day(from);
  const t = day(to);
  const out: { from?: string; to?: string } = {};
  if (f) out.from = new Date(`${f}T00:00:00`).toISOString();
  if (t) out.to = new Date(`${t}T23:59:59.999`).toISOString();
  return out;
}

/** `YYYY-MM-DD` days as they are, for the calls that count whole days (tyre/mileage); anything else is left out. */
export function dayParams(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const day = (s: string | undefined) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : undefined);
  const out: { from?: string; to?: string } = {};
  const f = day(from);
  const t = day(to);
  if (f) out.from = f;
  if (t) out.to = t;
  return out;
}

/** Text a server may send as '' or null for "none": null then. */
export function nonEmpty(s: string | null | undefined): string | null {
  return s === null || s === undefined || s === '' ? null : s;
}

/** A search value that names an id ('' or garbage → undefined). */
export function idOf(value: string | undefined): number | undefined {
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The `collect` of a list answer (the kit hands the answer over as a page), when it carries one. */
export function collectOf<C>(data: CollectPage<unknown, C> | PageResult<unknown> | readonly unknown[] | undefined): C | null {
  if (data === undefined || !('collect' in data)) return null;
  return data.collect ?? null;
}

/** The tone of a tyre's state badge. */
export function tyreStateTone(state: number): 'green' | 'blue' | 'amber' | 'slate' {
  return state === 1 ? 'green' : state === 2 ? 'blue' : state === 3 ? 'amber' : 'slate';
}

/** The tone of a ledger quantity: in green, out red. */
export function moveTone(quantity: number): 'green' | 'red' | 'slate' {
  return quantity > 0 ? 'green' : quantity < 0 ? 'red' : 'slate';
}

/** A mount asked for by a work order (the query string its "mount a tyre" link carries). */
export interface MountForOrder {
  workOrderId: number;
  /** The order's number (WO-…), shown and put in the mount's remark. */
  number: string;
  vehicle: { id: number; plate: string };
  /** axle × 10 + wheel, when the order names one. */
  position: number | null;
}

const positiveId = (v: string | null): number | null => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n > 0 ? n : null;
};

/** The order's mount from `?mount=1&workOrderId=…&vehicleId=…` (plate, number and position optional); null otherwise. */
export function mountForOrder(query: URLSearchParams): MountForOrder | null {
  if (query.get('mount') !== '1') return null;
  const workOrderId = positiveId(query.get('workOrderId'));
  const vehicleId = positiveId(query.get('vehicleId'));
  if (workOrderId === null || vehicleId === null) return null;
  const position = positiveId(query.get('position'));
  return {
    workOrderId,
    number: query.get('number') ?? '',
    vehicle: { id: vehicleId, plate: query.get('plate') ?? '' },
    position: position !== null && position >= 11 && position % 10 > 0 ? position : null,
  };
}
