/**
 * The lines of a stock document, shared by the move dialog (saveMove, errors keyed `lines[1].quantity`) and the service
 * dialog (car_service, `create.lines[1].quantity`): each line an item, its quantity, the dialog's own fields (unit
 * cost, price, a warehouse), the line's amount and what goes under it (serials, tyres); a line added, a line removed.
 * A line's errors show under its fields by `${prefix}[i].field`: editing a field clears its error, removing a line
 * clears every line's (the later lines move up), adding one clears the error about the lines as a whole (`lines`).
 */
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/fields';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { money } from '../model';
import type { StockItem } from '../types';
import { FieldBox } from './field-box';
import { ItemSelect } from './selects';

/** Error texts by the field's path as the server names it (`warehouseId`, `lines[2].quantity`). */
export type Errors = Record<string, string>;

/** Where a refusal about the lines as a whole shows (both dialogs' refusal targets name it so). */
const LINES = 'lines';

/** What every line draft has. */
export interface LineBase {
  /** Stable key of the row (React), not sent. */
  key: number;
  itemId: number | null;
  quantity: string;
}

/** One line, for the dialog's own fields of it. */
export interface LineContext<L extends LineBase> {
  line: L;
  index: number;
  /** The line's item (null until one is picked). */
  item: StockItem | null;
  /** The id of a field's control (its error's id is this + `-error`). */
  id: (field: string) => string;
  error: (field: string) => string | undefined;
  /** The id of the field's error while it has one (a control's aria-describedby). */
  describedBy: (field: string) => string | undefined;
  /** aria-invalid and aria-describedby of a plain control while the field has an error. */
  describe: (field: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** Changes the line; the errors of the fields changed go. */
  change: (patch: Partial<L>) => void;
}

interface LinesEditorProps<L extends LineBase> {
  legend: string;
  /** `move` or `service`: the test ids `${testIds}-line`, `${testIds}-add-line` and `${testIds}-error`. */
  testIds: string;
  lines: readonly L[];
  /** Changes the draft's lines. */
  onLines: (update: (lines: readonly L[]) => L[]) => void;
  newLine: (key: number) => L;
  /** The path of the lines in an error key: `lines` (saveMove) or `create.lines` (car_service). */
  prefix: string;
  errors: Errors;
  setErrors: Dispatch<SetStateAction<Errors>>;
  /** A refusal naming no field the dialog shows (above the lines). */
  general: string | null;
  /** The dialog's control id of an error path (so it focuses a field by its path). */
  idOf: (path: string) => string;
  /** The items picked, by id. */
  items: ReadonlyMap<number, StockItem>;
  /** An item was picked: the dialog keeps it (its kind and price). */
  onItem: (item: StockItem) => void;
  /** What else changes on a line when its item does (besides `itemId`). */
  pickPatch?: (line: L, item: StockItem | null) => Partial<L>;
  /** The item kinds offered (all when absent). */
  itemKinds?: readonly number[];
  quantityLabel: string;
  /** The line's own fields after the quantity, before the amount (a row of four on wide screens). */
  fields: (line: LineContext<L>) => ReactNode;
  /** What goes under the line's fields. */
  extra?: (line: LineContext<L>) => ReactNode;
  /** The amount previewed (null: not known yet). */
  amount: (line: L, item: StockItem | null) => number | null;
  /** While there are no more lines than this, none can be removed. */
  minLines?: number;
  /** Said while there are no lines. */
  empty?: string;
}

export function LinesEditor<L extends LineBase>({
  legend,
  testIds,
  lines,
  onLines,
  newLine,
  prefix,
  errors,
  setErrors,
  general,
  idOf,
  items,
  onItem,
  pickPatch,
  itemKinds,
  quantityLabel,
  fields,
  extra,
  amount,
  minLines = 0,
  empty,
}: LinesEditorProps<L>) {
  const { t } = useTranslation('stock');
  const at = (i: number, field: string) => `${prefix}[${String(i)}].${field}`;
  const clear = (paths: readonly string[]) => {
    setErrors((prev) => (paths.some((p) => p in prev) ? Object.fromEntries(Object.entries(prev).filter(([k]) => !paths.includes(k))) : prev));
  };
  const change = (i: number, patch: Partial<L>) => {
    onLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
    clear(Object.keys(patch).map((k) => at(i, k)));
  };
  const setQuantity = (i: number, quantity: string) => {
    onLines((ls) => ls.map((l, j) => (j === i ? { ...l, quantity } : l)));
    clear([at(i, 'quantity')]);
  };
  const pick = (i: number, line: L, item: StockItem | null) => {
    if (item) onItem(item);
    const also = pickPatch?.(line, item) ?? {};
    onLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...also, itemId: item?.id ?? null } : l)));
    clear(['itemId', ...Object.keys(also)].map((k) => at(i, k)));
  };
  const add = () => {
    onLines((ls) => [...ls, newLine(Math.max(0, ...ls.map((l) => l.key)) + 1)]);
    clear([LINES]);
  };
  const remove = (i: number) => {
    onLines((ls) => ls.filter((_, j) => j !== i));
    // errors of later lines would point at the wrong line now
    setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith(`${prefix}[`))));
  };

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      {general ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-testid={`${testIds}-error`}>
          {general}
        </p>
      ) : null}
      {errors[LINES] ? (
        <p id={`${idOf(LINES)}-error`} className="text-xs text-red-600" data-testid="field-error">
          {errors[LINES]}
        </p>
      ) : null}
      {lines.length === 0 && empty ? <p className="text-sm text-slate-500">{empty}</p> : null}
      {lines.map((line, i) => {
        const n = String(i + 1);
        const item = line.itemId === null ? null : (items.get(line.itemId) ?? null);
        const error = (f: string) => errors[at(i, f)];
        const ctx: LineContext<L> = {
          line,
          index: i,
          item,
          id: (f) => idOf(at(i, f)),
          error,
          describedBy: (f) => (error(f) ? `${idOf(at(i, f))}-error` : undefined),
          describe: (f) => (error(f) ? { 'aria-invalid': true, 'aria-describedby': `${idOf(at(i, f))}-error` } : {}),
          change: (patch) => {
            change(i, patch);
          },
        };
        const value = amount(line, item);
        return (
          <div key={line.key} className="space-y-3 rounded-lg p-3 ring-1 ring-slate-200" data-testid={`${testIds}-line`} role="group" aria-label={t('move.lineN', { n })}>
            <div className="flex items-start gap-2">
              <FieldBox id={ctx.id('itemId')} label={t('move.item')} required error={error('itemId')} className="min-w-0 flex-1">
                <ItemSelect
                  id={ctx.id('itemId')}
                  label={t('move.lineN', { n })}
                  invalid={Boolean(error('itemId'))}
                  describedBy={ctx.describedBy('itemId')}
                  value={item}
                  kinds={itemKinds}
                  onChange={(picked) => {
                    pick(i, line, picked);
                  }}
                />
              </FieldBox>
              {lines.length > minLines ? (
                <button
                  type="button"
                  aria-label={t('move.removeLine', { n })}
                  className="mt-6 grid size-10 shrink-0 place-items-center rounded text-slate-400 hover:text-red-600"
                  onClick={() => {
                    remove(i);
                  }}
                >
                  <TrashIcon className="size-4" />
                </button>
              ) : null}
            </div>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <FieldBox id={ctx.id('quantity')} label={quantityLabel} required error={error('quantity')}>
                <TextInput
                  id={ctx.id('quantity')}
                  {...ctx.describe('quantity')}
                  inputMode="decimal"
                  value={line.quantity}
                  onChange={(e) => {
                    setQuantity(i, e.target.value);
                  }}
                />
              </FieldBox>
              {fields(ctx)}
              <div className="self-end pb-2 text-right text-sm text-slate-600 tabular-nums md:col-start-4">
                <span className="sr-only">{t('move.amount')}</span>
                {value === null ? '—' : money(value)}
              </div>
            </div>
            {extra?.(ctx)}
          </div>
        );
      })}
      <Button variant="ghost" size="sm" onClick={add} data-testid={`${testIds}-add-line`}>
        <PlusIcon className="size-4" />
        {t('move.addLine')}
      </Button>
    </fieldset>
  );
}
