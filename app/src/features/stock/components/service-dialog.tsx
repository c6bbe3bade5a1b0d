/**
 * A vehicle's service record (`/web/service/car_service` with `create`): what was done, the odometer, when, the work
 * order, and lines of labour, parts and tyres priced from the item catalogue (the item's price unless typed). Part
 * and tyre lines issue stock from their warehouse (default: the service setting's) in the same transaction; with
 * lines the cost is their sum. A refusal naming a line (`create.lines[1].quantity`) shows under that field.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextArea, TextInput } from '@/components/ui/fields';
import { PlusIcon, SpinnerIcon, TrashIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/query';
import { VehicleSelect, type PickedVehicle } from '@/features/vehicles';
import { useServiceSetting } from '../api/get-service-setting';
import { useSaveService } from '../api/save-service';
import {
  emptyService,
  emptyServiceLine,
  LABOUR,
  money,
  parseNumber,
  refusalText,
  serviceFields,
  servicePayload,
  serviceRefusalTarget,
  serviceTotals,
  validateService,
  type ServiceDraft,
  type ServiceLineDraft,
} from '../model';
import type { StockItem } from '../types';
import { ItemSelect, useWarehouseChoices, WarehouseSelect, WorkOrderSelect } from './selects';
import { useStockLabels } from './use-stock-labels';

type Errors = Record<string, string>;

function Box({ id, label, error, required, className, children }: { id: string; label: string; error?: string; required?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <div className="mb-1 flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={id}>{label}</label>
        {/* outside the label, so the field's name stays the plain text (as the kit's fields) */}
        {required ? (
          <span className="text-red-500" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ServiceDialog({ onClose, onSaved }: { onClose: () => void; onSaved?: () => void }) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('crud');
  const labels = useStockLabels();
  const base = useId();
  const save = useSaveService();
  const setting = useServiceSetting();
  const warehouses = useWarehouseChoices();
  const defaultWarehouse = setting.data?.defaultWarehouseId ?? null;
  const defaultName = warehouses.find((w) => w.value === defaultWarehouse)?.label;
  const [draft, setDraft] = useState<ServiceDraft>(emptyService);
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [items, setItems] = useState<ReadonlyMap<number, StockItem>>(new Map());
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idOf = (path: string) => `${base}-${path.replace(/[^\w-]/g, '_')}`;
  const describe = (path: string) => (errors[path] ? { 'aria-invalid': true as const, 'aria-describedby': `${idOf(path)}-error` } : {});
  const totals = serviceTotals(draft.lines, items);

  const clear = (...paths: string[]) => {
    setErrors((prev) => (paths.some((p) => p in prev) ? Object.fromEntries(Object.entries(prev).filter(([k]) => !paths.includes(k))) : prev));
  };
  const set = (patch: Partial<ServiceDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    clear(...Object.keys(patch));
  };
  const setLine = (i: number, patch: Partial<ServiceLineDraft>) => {
    setDraft((d) => ({ ...d, lines: d.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));
    clear(...Object.keys(patch).map((k) => `create.lines[${String(i)}].${k}`));
  };
  const focus = (path: string | undefined) => {
    if (!path) return;
    setTimeout(() => {
      document.getElementById(idOf(path))?.focus();
    }, 0);
  };

  const submit = async () => {
    if (busy) return;
    const problems = validateService(draft, items, defaultWarehouse);
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
      await save.mutateAsync(servicePayload(draft, items));
      onSaved?.();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && !err.isCancelled) {
        const target = serviceRefusalTarget(err.field, serviceFields(draft));
        const text = refusalText(err.message, err.field);
        if (target) {
          setErrors({ [target]: text });
          focus(target);
        } else setGeneral(text);
      }
      setBusy(false);
    }
  };

  const formId = `${base}-form`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('service.add')}
      size="xl"
      testId="service-dialog"
      footer={
        <>
          <span className="mr-auto self-center text-sm text-slate-600 tabular-nums" data-testid="service-totals">
            {draft.lines.length > 0 ? t('service.totalsLine', { labour: money(totals.labourCost), parts: money(totals.partsCost), cost: money(totals.cost) }) : null}
          </span>
          <Button variant="secondary" className="max-md:h-11" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button type="submit" form={formId} variant="accent" className="max-md:h-11" disabled={busy} aria-busy={busy} data-testid="service-save">
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
        <div className="grid gap-3 md:grid-cols-3">
          <Box id={idOf('item')} label={t('service.item')} required error={errors.item} className="md:col-span-2">
            <TextInput id={idOf('item')} {...describe('item')} maxLength={64} placeholder={t('service.itemHint')} value={draft.item} onChange={(e) => { set({ item: e.target.value }); }} />
          </Box>
          <Box id={idOf('mileage')} label={t('service.mileage')} error={errors.mileage}>
            <TextInput id={idOf('mileage')} {...describe('mileage')} inputMode="decimal" value={draft.mileage} onChange={(e) => { set({ mileage: e.target.value }); }} />
          </Box>
          <Box id={idOf('servicedAt')} label={t('service.servicedAt')} error={errors.servicedAt}>
            <TextInput id={idOf('servicedAt')} {...describe('servicedAt')} type="datetime-local" value={draft.servicedAt} onChange={(e) => { set({ servicedAt: e.target.value }); }} />
          </Box>
          <Box id={idOf('workOrderId')} label={t('move.workOrder')} error={errors.workOrderId} className="md:col-span-2">
            <WorkOrderSelect id={idOf('workOrderId')} vehicleId={draft.vehicleId} value={draft.workOrderId} onChange={(id) => { set({ workOrderId: id }); }} />
          </Box>
        </div>
        <Box id={idOf('content')} label={t('service.content')} error={errors.content}>
          <TextArea id={idOf('content')} {...describe('content')} className="min-h-16" maxLength={2000} value={draft.content} onChange={(e) => { set({ content: e.target.value }); }} />
        </Box>

        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t('service.lines')}</legend>
          {general ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="service-error">
              {general}
            </p>
          ) : null}
          {draft.lines.length === 0 ? <p className="text-sm text-slate-500">{t('service.noLines')}</p> : null}
          {draft.lines.map((line, i) => {
            const at = (f: string) => `create.lines[${String(i)}].${f}`;
            const item = line.itemId === null ? null : (items.get(line.itemId) ?? null);
            const n = String(i + 1);
            const price = parseNumber(line.unitPrice) ?? item?.price ?? null;
            const q = parseNumber(line.quantity);
            return (
              <div key={line.key} className="space-y-3 rounded-lg p-3 ring-1 ring-slate-200" role="group" aria-label={t('move.lineN', { n })} data-testid="service-line">
                <div className="flex items-start gap-2">
                  <Box id={idOf(at('itemId'))} label={t('move.item')} required error={errors[at('itemId')]} className="min-w-0 flex-1">
                    <ItemSelect
                      id={idOf(at('itemId'))}
                      label={t('move.lineN', { n })}
                      invalid={Boolean(errors[at('itemId')])}
                      describedBy={errors[at('itemId')] ? `${idOf(at('itemId'))}-error` : undefined}
                      value={item}
                      onChange={(picked) => {
                        if (picked) setItems((m) => new Map(m).set(picked.id, picked));
                        setLine(i, { itemId: picked?.id ?? null });
                      }}
                    />
                  </Box>
                  <button
                    type="button"
                    aria-label={t('move.removeLine', { n })}
                    className="mt-6 grid size-10 shrink-0 place-items-center rounded text-slate-400 hover:text-red-600"
                    onClick={() => {
                      setDraft((d) => ({ ...d, lines: d.lines.filter((_, j) => j !== i) }));
                      setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith('create.lines['))));
                    }}
                  >
                    <TrashIcon className="size-4" />
                  </button>
                </div>
                <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
                  <Box id={idOf(at('quantity'))} label={t('move.quantity')} required error={errors[at('quantity')]}>
                    <TextInput id={idOf(at('quantity'))} {...describe(at('quantity'))} inputMode="decimal" value={line.quantity} onChange={(e) => { setLine(i, { quantity: e.target.value }); }} />
                  </Box>
                  <Box id={idOf(at('unitPrice'))} label={t('move.unitPrice')} error={errors[at('unitPrice')]}>
                    <TextInput
                      id={idOf(at('unitPrice'))}
                      {...describe(at('unitPrice'))}
                      inputMode="decimal"
                      placeholder={item ? money(item.price) : undefined}
                      value={line.unitPrice}
                      onChange={(e) => {
                        setLine(i, { unitPrice: e.target.value });
                      }}
                    />
                  </Box>
                  {item && item.kind !== LABOUR ? (
                    <Box id={idOf(at('warehouseId'))} label={t('service.warehouse')} required={defaultWarehouse === null} error={errors[at('warehouseId')]}>
                      <WarehouseSelect
                        id={idOf(at('warehouseId'))}
                        invalid={Boolean(errors[at('warehouseId')])}
                        describedBy={errors[at('warehouseId')] ? `${idOf(at('warehouseId'))}-error` : undefined}
                        value={line.warehouseId}
                        placeholder={defaultName ? t('service.defaultWarehouse', { name: defaultName }) : undefined}
                        onChange={(id) => {
                          setLine(i, { warehouseId: id });
                        }}
                      />
                    </Box>
                  ) : (
                    <span className="hidden md:block" />
                  )}
                  <div className="self-end pb-2 text-right text-sm text-slate-600 tabular-nums">
                    <span className="sr-only">{t('move.amount')}</span>
                    {price !== null && q !== null && !Number.isNaN(q) && !Number.isNaN(price) ? money(q * price) : '—'}
                  </div>
                </div>
              </div>
            );
          })}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft((d) => ({ ...d, lines: [...d.lines, emptyServiceLine(Math.max(0, ...d.lines.map((l) => l.key)) + 1)] }));
            }}
            data-testid="service-add-line"
          >
            <PlusIcon className="size-4" />
            {t('move.addLine')}
          </Button>
        </fieldset>
        {draft.lines.length === 0 ? (
          <Box id={idOf('cost')} label={t('service.cost')} error={errors.cost}>
            <TextInput id={idOf('cost')} {...describe('cost')} inputMode="decimal" className="md:w-48" value={draft.cost} onChange={(e) => { set({ cost: e.target.value }); }} />
          </Box>
        ) : null}
      </form>
    </Dialog>
  );
}
