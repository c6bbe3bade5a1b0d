/**
 * Opening or changing a work order: the type (its template's extra fields follow it, required ones enforced), title,
 * priority, grade, problem type, vehicles with wheel positions (`order_car`), devices (`order_device_ent`), assignee
 * (`user_search`), due time, location, labels, description. The server's refusal of a field shows under it. When
 * opening, "open with defaults" sends what is filled to `save_default` (the type's defaults fill the rest).
 */
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormFields, useForm, type FieldDef } from '@/components/crud/form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectInput, TextInput } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { LoadingState } from '@/components/ui/states';
import type { OrderDetail, OrderInput, OrderType } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { toText } from '@/lib/request/client';
import { useOptions } from '../api/get-options';
import { useOrderDevices } from '../api/get-order-devices';
import { useTemplate } from '../api/get-template';
import { useTypes } from '../api/get-types';
import { useSaveDefaultOrder } from '../api/save-default-order';
import { useSaveOrder } from '../api/save-order';
import { coordinate, localToRfc3339, rfc3339ToLocal, splitLabels, templateFormValues, templateValues } from '../model';
import type { OrderPrefill } from '../prefill';
import { useEnumOptions } from './badges';
import { templateFieldDefs, type Values } from './template-fields';
import { soleVehicleId, useOrderWheelName } from './use-order-wheel-name';
import { UserPicker } from './user-picker';
import { VehiclePicker, type VehiclePick } from './vehicle-picker';

interface OrderFormProps {
  /** The order to change; null opens a new one. */
  order: OrderDetail | null;
  prefill?: OrderPrefill;
  onClose: () => void;
  onSaved?: (order: OrderDetail) => void;
  testId?: string;
}

/** The form's values apart from the template's (`fields.<key>`). */
function baseValues(order: OrderDetail | null, prefill: OrderPrefill = {}): Values {
  if (order) {
    return {
      title: order.title,
      description: order.description,
      priority: order.priority,
      grade: order.grade,
      categoryId: order.categoryId,
      vehicles: order.vehicles.map((v): VehiclePick => ({ vehicleId: v.vehicleId, plate: v.plate, positions: v.positions })),
      deviceIds: order.devices.map((d) => d.id),
      alarmIds: order.alarmIds,
      assigneeId: order.assigneeId ?? null,
      assigneeName: order.assigneeName,
      dueAt: rfc3339ToLocal(order.dueAt),
      lat: order.lat ?? '',
      lon: order.lon ?? '',
      address: order.address,
      labels: order.labels.join(', '),
    };
  }
  return {
    title: prefill.title ?? '',
    description: '',
    priority: 2,
    grade: 0,
    categoryId: '',
    vehicles: prefill.vehicleId !== undefined ? [{ vehicleId: prefill.vehicleId, plate: prefill.plate ?? `#${String(prefill.vehicleId)}`, positions: prefill.positions ?? [] }] : [],
    deviceIds: [],
    alarmIds: prefill.alarmId !== undefined ? [prefill.alarmId] : [],
    assigneeId: null,
    assigneeName: '',
    dueAt: '',
    lat: prefill.lat ?? '',
    lon: prefill.lon ?? '',
    address: prefill.address ?? '',
    labels: '',
  };
}

/** A new order takes the type's default title, priority, grade and due time where nothing was typed. */
function withDefaults(values: Values, type: OrderType, now: number): Values {
  const d = type.defaults;
  const out = { ...values };
  if (out.title === '' && typeof d.title === 'string') out.title = d.title;
  if (typeof d.priority === 'number') out.priority = d.priority;
  if (typeof d.grade === 'number') out.grade = d.grade;
  if (out.dueAt === '' && typeof d.dueHours === 'number' && d.dueHours > 0) out.dueAt = rfc3339ToLocal(new Date(now + d.dueHours * 3_600_000).toISOString());
  return out;
}

export function OrderForm({ order, prefill, onClose, onSaved, testId = 'order-form' }: OrderFormProps) {
  const { t } = useTranslation('work');
  const types = useTypes({ page: 1, pageSize: 100 });
  const [chosen, setChosen] = useState<number | null>(order?.typeId ?? null);
  const [draft, setDraft] = useState<Values>(() => baseValues(order, prefill));
  const typeId = chosen ?? types.data?.list[0]?.id ?? null;
  const template = useTemplate({ typeId: typeId ?? 0 }, typeId !== null);
  const title = order ? t('form.editTitle', { number: order.number }) : t('form.addTitle');
  const ready = template.data && typeId !== null && template.data.id === typeId;
  return (
    <Dialog open onClose={onClose} title={title} size="xl" testId={testId}>
      {ready ? (
        <OrderFormBody
          key={typeId}
          order={order}
          types={types.data?.list ?? []}
          type={template.data}
          initial={draft}
          onTypeChange={(values, next) => {
            setDraft(values);
            setChosen(next);
          }}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : (
        <LoadingState />
      )}
    </Dialog>
  );
}

interface BodyProps {
  order: OrderDetail | null;
  types: readonly OrderType[];
  type: OrderType;
  initial: Values;
  onTypeChange: (values: Values, typeId: number) => void;
  onClose: () => void;
  onSaved?: (order: OrderDetail) => void;
}

function OrderFormBody({ order, types, type, initial, onTypeChange, onClose, onSaved }: BodyProps) {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  const { lang } = useApp();
  const enums = useEnumOptions();
  const options = useOptions({});
  const [startValues] = useState(() => ({
    ...(order ? initial : withDefaults(initial, type, Date.now())),
    ...templateFormValues('fields', type.fields, order?.typeId === type.id ? order.fields : {}, type.defaults),
  }));
  const form = useForm<Values>(startValues);
  const save = useSaveOrder();
  const saveDefault = useSaveDefaultOrder();
  const [busy, setBusy] = useState<'save' | 'default' | null>(null);
  const vehicles = (form.values.vehicles ?? []) as VehiclePick[];
  const devices = useOrderDevices({ vehicleId: vehicles[0]?.vehicleId, page: 1, pageSize: 100 });
  const wheelName = useOrderWheelName(soleVehicleId(vehicles));
  const positions = vehicles.flatMap((v) => v.positions).map((p) => ({ value: p, label: wheelName(p) }));

  const fields: FieldDef<Values>[] = [
    {
      name: 'typeId',
      label: t('field.type'),
      type: 'custom',
      render: ({ id }) => (
        <SelectInput
          id={id}
          value={String(type.id)}
          disabled={order !== null}
          onChange={(e) => {
            onTypeChange(form.values, Number(e.target.value));
          }}
        >
          {types.map((ty) => (
            <option key={ty.id} value={String(ty.id)}>
              {ty.name}
            </option>
          ))}
        </SelectInput>
      ),
    },
    { name: 'title', label: t('field.title'), type: 'text', required: true, maxLength: 200 },
    { name: 'priority', label: t('field.priority'), type: 'select', options: enums.priorities, required: true },
    { name: 'grade', label: t('field.grade'), type: 'select', options: enums.grades },
    {
      name: 'categoryId',
      label: t('field.category'),
      type: 'select',
      options: (options.data?.categories ?? []).map((c) => ({ value: c.value, label: lang === 'en' ? c.en || c.name : c.zh || c.name })),
    },
    {
      name: 'assigneeId',
      label: t('field.assignee'),
      type: 'custom',
      render: ({ id, value, onChange, invalid, describedBy }) => (
        <UserPicker
          id={id}
          value={typeof value === 'number' ? value : null}
          currentName={toText(form.values.assigneeName)}
          invalid={invalid}
          describedBy={describedBy}
          onChange={(next, name) => {
            onChange(next);
            form.setValue('assigneeName', name);
          }}
        />
      ),
    },
    {
      name: 'vehicles',
      label: t('field.vehicles'),
      type: 'custom',
      wide: true,
      render: ({ id, value, onChange, invalid, describedBy }) => (
        <VehiclePicker id={id} value={Array.isArray(value) ? (value as VehiclePick[]) : []} onChange={onChange} invalid={invalid} describedBy={describedBy} />
      ),
    },
    {
      name: 'deviceIds',
      label: t('field.devices'),
      type: 'multiselect',
      wide: true,
      hidden: () => (devices.data?.list.length ?? 0) === 0,
      options: (devices.data?.list ?? []).map((d) => ({ value: d.id, label: d.imei })),
    },
    {
      name: 'dueAt',
      label: t('field.dueAt'),
      type: 'custom',
      render: ({ id, value, onChange, invalid, describedBy }) => (
        <TextInput
          id={id}
          type="datetime-local"
          value={typeof value === 'string' ? value : ''}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        />
      ),
    },
    { name: 'labels', label: t('field.labels'), type: 'text', hint: t('form.labelsHint'), maxLength: 500 },
    { name: 'address', label: t('field.address'), type: 'text', wide: true, maxLength: 300 },
    { name: 'lat', label: t('field.lat'), type: 'text', validate: (v) => (v === '' || coordinate(v, 90) !== null ? null : t('form.badLat')) },
    { name: 'lon', label: t('field.lon'), type: 'text', validate: (v) => (v === '' || coordinate(v, 180) !== null ? null : t('form.badLon')) },
    ...templateFieldDefs('fields', type.fields, positions, tc('select')),
    { name: 'description', label: t('field.description'), type: 'textarea', wide: true, maxLength: 4000 },
  ];

  const payload = (v: Values): OrderInput => {
    const picks = (v.vehicles ?? []) as VehiclePick[];
    const num = (x: unknown) => (typeof x === 'number' ? x : null);
    return {
      ...(order ? { id: order.id } : {}),
      typeId: type.id,
      title: toText(v.title).trim(),
      description: toText(v.description).trim(),
      priority: num(v.priority),
      grade: num(v.grade),
      categoryId: num(v.categoryId),
      vehicles: picks.map((p) => ({ vehicleId: p.vehicleId, positions: p.positions })),
      deviceIds: Array.isArray(v.deviceIds) ? (v.deviceIds as number[]) : [],
      alarmIds: Array.isArray(v.alarmIds) ? (v.alarmIds as number[]) : [],
      assigneeId: num(v.assigneeId),
      dueAt: localToRfc3339(toText(v.dueAt)),
      lat: coordinate(v.lat, 90),
      lon: coordinate(v.lon, 180),
      address: toText(v.address).trim(),
      labels: splitLabels(toText(v.labels)),
      fields: templateValues('fields', type.fields, v),
    };
  };

  async function submit(kind: 'save' | 'default') {
    // opening with defaults needs only the type (and what is filled); the full save checks every field
    const checked = kind === 'save' ? fields : fields.filter((f) => f.name === 'lat' || f.name === 'lon');
    if (busy || !form.validate(checked)) return;
    setBusy(kind);
    try {
      const body = payload(form.values);
      const saved = kind === 'save' ? await save.mutateAsync(body) : await saveDefault.mutateAsync(body);
      onClose();
      onSaved?.(saved);
    } catch (err) {
      form.refused(err);
      setBusy(null);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e: SubmitEvent<HTMLFormElement>) => {
        e.preventDefault();
        void submit('save');
      }}
      className="space-y-4"
    >
      <FormFields fields={fields} form={form} />
      {/* Down over the dialog body's 16 px bottom padding (pb-4), so no field shows through under the buttons. */}
      <div className="sticky -bottom-4 -mx-1 -mb-4 flex flex-wrap justify-end gap-2 border-t border-slate-100 bg-white px-1 pt-3 pb-4">
        <Button variant="secondary" className="max-md:h-11" onClick={onClose}>
          {tc('cancel')}
        </Button>
        {order ? null : (
          <Button variant="secondary" className="max-md:h-11" disabled={busy !== null} onClick={() => void submit('default')} data-testid="order-save-default">
            {busy === 'default' ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {t('form.saveDefault')}
          </Button>
        )}
        <Button type="submit" variant="accent" className="max-md:h-11" disabled={busy !== null} aria-busy={busy === 'save'} data-testid="order-save">
          {busy === 'save' ? <SpinnerIcon className="size-4 animate-spin" /> : null}
          {order ? tc('save') : t('form.open')}
        </Button>
      </div>
    </form>
  );
}
