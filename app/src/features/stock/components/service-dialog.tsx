/**
 * A vehicle's service record (`/web/service/car_service` with `create`): what was done, the odometer, when, the work
 * order, and lines of labour, parts and tyres priced from the item catalogue (the item's price unless typed). Part
 * and tyre lines issue stock from their warehouse (default: the service setting's) in the same transaction; with
 * lines the cost is their sum. A refusal naming a line (`create.lines[1].quantity`) shows under that field.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextArea, TextInput } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/query';
import { VehicleSelect, type PickedVehicle } from '@/features/vehicles';
import { useServiceSetting } from '../api/get-service-setting';
import { useSaveService } from '../api/save-service';
import {
  emptyService,
  emptyServiceLine,
  LABOUR,
  money,
  refusalText,
  serviceFields,
  serviceLineAmount,
  servicePayload,
  serviceRefusalTarget,
  serviceTotals,
  validateService,
  type ServiceDraft,
  type ServiceLineDraft,
} from '../model';
import type { StockItem } from '../types';
import { FieldBox } from './field-box';
import { LinesEditor, type Errors } from './lines-editor';
import { useWarehouseChoices, WarehouseSelect, WorkOrderSelect } from './selects';
import { useStockLabels } from './use-stock-labels';

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
          <FieldBox id={idOf('item')} label={t('service.item')} required error={errors.item} className="md:col-span-2">
            <TextInput id={idOf('item')} {...describe('item')} maxLength={64} placeholder={t('service.itemHint')} value={draft.item} onChange={(e) => { set({ item: e.target.value }); }} />
          </FieldBox>
          <FieldBox id={idOf('mileage')} label={t('service.mileage')} error={errors.mileage}>
            <TextInput id={idOf('mileage')} {...describe('mileage')} inputMode="decimal" value={draft.mileage} onChange={(e) => { set({ mileage: e.target.value }); }} />
          </FieldBox>
          <FieldBox id={idOf('servicedAt')} label={t('service.servicedAt')} error={errors.servicedAt}>
            <TextInput id={idOf('servicedAt')} {...describe('servicedAt')} type="datetime-local" value={draft.servicedAt} onChange={(e) => { set({ servicedAt: e.target.value }); }} />
          </FieldBox>
          <FieldBox id={idOf('workOrderId')} label={t('move.workOrder')} error={errors.workOrderId} className="md:col-span-2">
            <WorkOrderSelect id={idOf('workOrderId')} vehicleId={draft.vehicleId} value={draft.workOrderId} onChange={(id) => { set({ workOrderId: id }); }} />
          </FieldBox>
        </div>
        <FieldBox id={idOf('content')} label={t('service.content')} error={errors.content}>
          <TextArea id={idOf('content')} {...describe('content')} className="min-h-16" maxLength={2000} value={draft.content} onChange={(e) => { set({ content: e.target.value }); }} />
        </FieldBox>

        <LinesEditor<ServiceLineDraft>
          legend={t('service.lines')}
          testIds="service"
          lines={draft.lines}
          onLines={(update) => {
            setDraft((d) => ({ ...d, lines: update(d.lines) }));
          }}
          newLine={emptyServiceLine}
          prefix="create.lines"
          errors={errors}
          setErrors={setErrors}
          general={general}
          idOf={idOf}
          items={items}
          onItem={(item) => {
            setItems((m) => new Map(m).set(item.id, item));
          }}
          quantityLabel={t('move.quantity')}
          fields={(at) => (
            <>
              <FieldBox id={at.id('unitPrice')} label={t('move.unitPrice')} error={at.error('unitPrice')}>
                <TextInput
                  id={at.id('unitPrice')}
                  {...at.describe('unitPrice')}
                  inputMode="decimal"
                  placeholder={at.item ? money(at.item.price) : undefined}
                  value={at.line.unitPrice}
                  onChange={(e) => {
                    at.change({ unitPrice: e.target.value });
                  }}
                />
              </FieldBox>
              {at.item && at.item.kind !== LABOUR ? (
                <FieldBox id={at.id('warehouseId')} label={t('service.warehouse')} required={defaultWarehouse === null} error={at.error('warehouseId')}>
                  <WarehouseSelect
                    id={at.id('warehouseId')}
                    invalid={Boolean(at.error('warehouseId'))}
                    describedBy={at.describedBy('warehouseId')}
                    value={at.line.warehouseId}
                    placeholder={defaultName ? t('service.defaultWarehouse', { name: defaultName }) : undefined}
                    onChange={(id) => {
                      at.change({ warehouseId: id });
                    }}
                  />
                </FieldBox>
              ) : null}
            </>
          )}
          amount={(line) => serviceLineAmount(line, items)}
          empty={t('service.noLines')}
        />
        {draft.lines.length === 0 ? (
          <FieldBox id={idOf('cost')} label={t('service.cost')} error={errors.cost}>
            <TextInput id={idOf('cost')} {...describe('cost')} inputMode="decimal" className="md:w-48" value={draft.cost} onChange={(e) => { set({ cost: e.target.value }); }} />
          </FieldBox>
        ) : null}
      </form>
    </Dialog>
  );
}
