/**
 * One stock document (saveMove): stock in (receipt from a supplier picked in the supplier dialog, a return, a retread
 * back) or out (issue to a vehicle and/or work order, sale to a customer, transfer, scrap, stocktake adjustment, a
 * retread out), with lines of item, quantity and unit cost or price. Tyre lines list the serials received (one asset
 * each) or tick the tracked tyres moved. Checked here first (model.validateMove); a refusal the server names
 * (`lines[2].quantity`) shows under that field, and the document is all or nothing, so nothing was written.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, SelectInput, TextArea, TextInput } from '@/components/ui/fields';
import { CloseIcon, SpinnerIcon } from '@/components/ui/icons';
import { cx } from '@/components/ui/cx';
import { notify } from '@/lib/feedback';
import { ApiError } from '@/lib/query';
import { VehicleSelect, type PickedVehicle } from '@/features/vehicles';
import { useTyreOptions } from '../api/get-tyres';
import { useSaveMove } from '../api/save-move';
import {
  emptyLine,
  emptyMove,
  KIND_NEEDS,
  lineAmount,
  money,
  moveFields,
  movePayload,
  moveTotals,
  PART,
  quantity,
  refusalTarget,
  refusalText,
  TYRE,
  validateMove,
  type ItemFacts,
  type LineDraft,
  type MoveDraft,
} from '../model';
import type { MoveKind, Partner, StockItem, TyreListParams } from '../types';
import { FieldBox } from './field-box';
import { LinesEditor, type Errors, type LineContext } from './lines-editor';
import { CustomerSelect, WarehouseSelect, WorkOrderSelect } from './selects';
import { SupplierDialog } from './supplier-dialog';
import { useStockLabels } from './use-stock-labels';

/** What a move line offers: parts and tyres (labour is not stocked). */
const MOVE_ITEM_KINDS: readonly number[] = [PART, TYRE];

interface MoveDialogProps {
  /** The kinds offered, the first chosen. */
  kinds: readonly MoveKind[];
  title: string;
  /** Preset warehouse (e.g. the list's filter). */
  warehouseId?: number | null;
  onClose: () => void;
  testId?: string;
}

export function MoveDialog({ kinds, title, warehouseId = null, onClose, testId = 'move-dialog' }: MoveDialogProps) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('crud');
  const labels = useStockLabels();
  const base = useId();
  const save = useSaveMove();
  const [draft, setDraft] = useState<MoveDraft>(() => emptyMove(kinds[0] ?? 'receipt', warehouseId));
  const [items, setItems] = useState<ReadonlyMap<number, StockItem>>(new Map());
  const [supplier, setSupplier] = useState<Partner | null>(null);
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [picking, setPicking] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needs = KIND_NEEDS[draft.kind];
  const idOf = (path: string) => `${base}-${path.replace(/[^\w-]/g, '_')}`;
  const facts: ReadonlyMap<number, ItemFacts> = items;
  const totals = moveTotals(draft);

  const clear = (...paths: string[]) => {
    setErrors((prev) => (paths.some((p) => p in prev) ? Object.fromEntries(Object.entries(prev).filter(([k]) => !paths.includes(k))) : prev));
  };
  const set = (patch: Partial<MoveDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    clear(...Object.keys(patch));
  };
  const focus = (path: string | undefined) => {
    if (!path) return;
    setTimeout(() => {
      document.getElementById(idOf(path))?.focus();
    }, 0);
  };
  const describe = (path: string) => (errors[path] ? { 'aria-invalid': true as const, 'aria-describedby': `${idOf(path)}-error` } : {});

  const submit = async () => {
    if (busy) return;
    const problems = validateMove(draft, facts);
    const found: Errors = Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, labels.problem(p) ?? '']));
    setErrors(found);
    setGeneral(null);
    const first = Object.keys(found)[0];
    if (first) {
      focus(first);
      return;
    }
    setBusy(true);
    try {
      const saved = await save.mutateAsync(movePayload(draft, facts));
      notify.success({ text: t('move.saved', { docNo: saved.docNo }) });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && !err.isCancelled) {
        const target = refusalTarget(err.field, moveFields(draft));
        const text = refusalText(err.message, err.field);
        if (target) {
          setErrors({ [target]: text });
          focus(target);
        } else setGeneral(text);
      }
      setBusy(false);
    }
  };

  const changeKind = (kind: MoveKind) => {
    setDraft((d) => ({ ...d, kind, lines: d.lines.map((l) => ({ ...l, tyreIds: [], serials: KIND_NEEDS[kind].serials ? l.serials : '' })) }));
    setErrors({});
    setGeneral(null);
  };

  const formId = `${base}-form`;
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={title}
        size="xl"
        testId={testId}
        footer={
          <>
            <span className="mr-auto self-center text-sm text-slate-600 tabular-nums" data-testid="move-totals">
              {t('move.totals', { quantity: quantity(totals.quantity), amount: money(totals.amount) })}
            </span>
            <Button variant="secondary" className="max-md:h-11" onClick={onClose}>
              {tc('cancel')}
            </Button>
            <Button type="submit" form={formId} variant="accent" className="max-md:h-11" disabled={busy} aria-busy={busy} data-testid="move-save">
              {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
              {tc('save')}
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-3 md:grid-cols-3">
            <FieldBox id={idOf('kind')} label={t('move.kind')} required error={errors.kind}>
              <SelectInput
                id={idOf('kind')}
                {...describe('kind')}
                value={draft.kind}
                onChange={(e) => {
                  const k = kinds.find((x) => x === e.target.value);
                  if (k) changeKind(k);
                }}
              >
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {labels.kindName(k)}
                  </option>
                ))}
              </SelectInput>
            </FieldBox>
            <FieldBox id={idOf('warehouseId')} label={needs.incoming === true ? t('move.intoWarehouse') : needs.toWarehouse ? t('move.fromWarehouse') : t('move.warehouse')} required error={errors.warehouseId}>
              <WarehouseSelect
                id={idOf('warehouseId')}
                invalid={Boolean(errors.warehouseId)}
                describedBy={errors.warehouseId ? `${idOf('warehouseId')}-error` : undefined}
                value={draft.warehouseId}
                onChange={(id) => {
                  set({ warehouseId: id });
                  setDraft((d) => ({ ...d, lines: d.lines.map((l) => ({ ...l, tyreIds: [] })) }));
                }}
              />
            </FieldBox>
            {needs.toWarehouse ? (
              <FieldBox id={idOf('toWarehouseId')} label={t('move.toWarehouse')} required error={errors.toWarehouseId}>
                <WarehouseSelect
                  id={idOf('toWarehouseId')}
                  invalid={Boolean(errors.toWarehouseId)}
                  describedBy={errors.toWarehouseId ? `${idOf('toWarehouseId')}-error` : undefined}
                  value={draft.toWarehouseId}
                  exclude={draft.warehouseId}
                  onChange={(id) => {
                    set({ toWarehouseId: id });
                  }}
                />
              </FieldBox>
            ) : null}
            <FieldBox id={idOf('occurredAt')} label={t('move.occurredAt')} error={errors.occurredAt}>
              <TextInput
                id={idOf('occurredAt')}
                {...describe('occurredAt')}
                type="datetime-local"
                value={draft.occurredAt}
                onChange={(e) => {
                  set({ occurredAt: e.target.value });
                }}
              />
            </FieldBox>
            {needs.supplier ? (
              <FieldBox id={idOf('supplierId')} label={t('move.supplier')} error={errors.supplierId} className="md:col-span-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Button
                    id={idOf('supplierId')}
                    variant="secondary"
                    className="max-md:h-10"
                    {...describe('supplierId')}
                    onClick={() => {
                      setPicking(true);
                    }}
                    data-testid="move-pick-supplier"
                  >
                    {supplier ? supplier.name : t('move.pickSupplier')}
                  </Button>
                  {supplier ? (
                    <button
                      type="button"
                      className="grid size-9 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-red-600"
                      aria-label={t('move.clearSupplier', { name: supplier.name })}
                      onClick={() => {
                        setSupplier(null);
                        set({ supplierId: null });
                      }}
                    >
                      <CloseIcon className="size-4" />
                    </button>
                  ) : (
                    <span className="text-xs text-slate-500">{t('move.supplierOptional')}</span>
                  )}
                </div>
              </FieldBox>
            ) : null}
            {needs.customer ? (
              <FieldBox id={idOf('customerId')} label={t('move.customer')} required error={errors.customerId}>
                <CustomerSelect
                  id={idOf('customerId')}
                  invalid={Boolean(errors.customerId)}
                  describedBy={errors.customerId ? `${idOf('customerId')}-error` : undefined}
                  value={draft.customerId}
                  onChange={(id) => {
                    set({ customerId: id });
                  }}
                />
              </FieldBox>
            ) : null}
          </div>
          {needs.vehicleOrOrder ? (
            <div className="grid gap-3 md:grid-cols-[2fr_1fr]" role="group" aria-label={t('move.vehicleOrOrder')} aria-describedby={errors.vehicleId ? `${idOf('vehicleId')}-error` : undefined}>
              <div>
                <VehicleSelect
                  value={vehicle}
                  onChange={(v) => {
                    setVehicle(v);
                    set({ vehicleId: v?.id ?? null, workOrderId: null });
                  }}
                />
                {errors.vehicleId ? (
                  <p id={`${idOf('vehicleId')}-error`} className="mt-1 text-xs text-red-600" data-testid="field-error">
                    {errors.vehicleId}
                  </p>
                ) : null}
              </div>
              <FieldBox id={idOf('workOrderId')} label={t('move.workOrder')} error={errors.workOrderId}>
                <WorkOrderSelect
                  id={idOf('workOrderId')}
                  vehicleId={draft.vehicleId}
                  value={draft.workOrderId}
                  onChange={(id) => {
                    set({ workOrderId: id });
                    clear('vehicleId');
                  }}
                />
              </FieldBox>
            </div>
          ) : null}
          <FieldBox id={idOf('remark')} label={needs.remark ? t('move.reason') : t('move.remark')} required={needs.remark} error={errors.remark}>
            <TextArea
              id={idOf('remark')}
              {...describe('remark')}
              className="min-h-16"
              maxLength={200}
              value={draft.remark}
              onChange={(e) => {
                set({ remark: e.target.value });
              }}
            />
          </FieldBox>

          <LinesEditor<LineDraft>
            legend={t('move.lines')}
            testIds="move"
            lines={draft.lines}
            onLines={(update) => {
              setDraft((d) => ({ ...d, lines: update(d.lines) }));
            }}
            newLine={emptyLine}
            prefix="lines"
            errors={errors}
            setErrors={setErrors}
            general={general}
            idOf={idOf}
            items={items}
            onItem={(item) => {
              setItems((m) => new Map(m).set(item.id, item));
            }}
            pickPatch={(line, item) => ({ tyreIds: [], ...(needs.unitPrice && item && line.unitPrice === '' ? { unitPrice: item.price.toFixed(2) } : {}) })}
            itemKinds={MOVE_ITEM_KINDS}
            quantityLabel={needs.signed ? t('move.quantitySigned') : t('move.quantity')}
            fields={(l) => <MoveLineFields kind={draft.kind} at={l} />}
            extra={(l) => <MoveLineExtra draft={draft} at={l} />}
            amount={(line) => lineAmount(line, draft.kind)}
            minLines={1}
          />
        </form>
      </Dialog>
      {picking ? (
        <SupplierDialog
          pickedId={supplier?.id ?? null}
          onClose={() => {
            setPicking(false);
          }}
          onPick={(p) => {
            setSupplier(p);
            set({ supplierId: p.id });
          }}
        />
      ) : null}
    </>
  );
}

/** A move line's price fields: the unit cost (what comes in, a stocktake) and the selling price (a sale), as the kind takes them. */
function MoveLineFields({ kind, at }: { kind: MoveKind; at: LineContext<LineDraft> }) {
  const { t } = useTranslation('stock');
  const needs = KIND_NEEDS[kind];
  return (
    <>
      {needs.unitCost !== 'none' ? (
        <FieldBox id={at.id('unitCost')} label={kind === 'retreadIn' ? t('move.retreadCost') : t('move.unitCost')} required={needs.unitCost === 'required'} error={at.error('unitCost')}>
          <TextInput
            id={at.id('unitCost')}
            {...at.describe('unitCost')}
            inputMode="decimal"
            value={at.line.unitCost}
            onChange={(e) => {
              at.change({ unitCost: e.target.value });
            }}
          />
        </FieldBox>
      ) : null}
      {needs.unitPrice ? (
        <FieldBox id={at.id('unitPrice')} label={t('move.unitPrice')} required error={at.error('unitPrice')}>
          <TextInput
            id={at.id('unitPrice')}
            {...at.describe('unitPrice')}
            inputMode="decimal"
            value={at.line.unitPrice}
            onChange={(e) => {
              at.change({ unitPrice: e.target.value });
            }}
          />
        </FieldBox>
      ) : null}
    </>
  );
}

/** Under a tyre line: the serials received (a receipt) or the tracked tyres moved. */
function MoveLineExtra({ draft, at }: { draft: MoveDraft; at: LineContext<LineDraft> }) {
  const { t } = useTranslation('stock');
  const needs = KIND_NEEDS[draft.kind];
  const { line, item } = at;
  if (item?.kind !== TYRE) return null;
  return (
    <>
      {needs.serials ? (
        <FieldBox id={at.id('serials')} label={t('move.serials')} error={at.error('serials')}>
          <TextArea
            id={at.id('serials')}
            {...at.describe('serials')}
            className="min-h-20 font-mono"
            placeholder={t('move.serialsHint')}
            value={line.serials}
            onChange={(e) => {
              at.change({ serials: e.target.value });
            }}
          />
        </FieldBox>
      ) : null}
      {needs.tyreIds !== 'none' ? (
        <TyrePicker
          id={at.id('tyreIds')}
          error={at.error('tyreIds')}
          required={needs.tyreIds === 'required'}
          params={draft.kind === 'retreadIn' ? { state: 3, itemId: item.id } : { state: 1, itemId: item.id, warehouseId: draft.warehouseId ?? undefined }}
          enabled={draft.kind === 'retreadIn' || draft.warehouseId !== null}
          value={line.tyreIds}
          onChange={(tyreIds) => {
            at.change({ tyreIds, quantity: tyreIds.length > 0 ? String(tyreIds.length) : line.quantity });
          }}
        />
      ) : null}
    </>
  );
}

/** The tracked tyres of the line's item to tick (in stock in the warehouse; out at the retreader for a retread back). */
function TyrePicker({ id, error, required, params, enabled, value, onChange }: { id: string; error?: string; required: boolean; params: TyreListParams; enabled: boolean; value: readonly number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('stock');
  const tyres = useTyreOptions(params, enabled);
  const list = tyres.data?.list ?? [];
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} id={id} tabIndex={-1}>
      <div className="mb-1 flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        <span id={`${id}-label`}>{t('move.tyres')}</span>
        {required ? (
          <span className="text-red-500" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {!enabled ? (
        <p className="text-xs text-slate-500">{t('move.tyresNeedWarehouse')}</p>
      ) : tyres.isPending ? (
        <p className="text-xs text-slate-500">{t('pick.loading')}</p>
      ) : list.length === 0 ? (
        <p className="text-xs text-slate-500">{t('move.noTyres')}</p>
      ) : (
        <div className={cx('flex max-h-36 flex-wrap gap-x-4 gap-y-1 overflow-y-auto rounded-lg p-2 ring-1 ring-slate-200', error && 'ring-red-400')}>
          {list.map((ty) => {
            const checked = value.includes(ty.id);
            return (
              <label key={ty.id} className="flex min-h-9 items-center gap-2 text-sm text-slate-700">
                <Checkbox
                  checked={checked}
                  onChange={() => {
                    onChange(checked ? value.filter((x) => x !== ty.id) : [...value, ty.id]);
                  }}
                />
                <span className="font-mono">{ty.serial}</span>
                {ty.dot ? <span className="text-xs text-slate-500">{ty.dot}</span> : null}
              </label>
            );
          })}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
