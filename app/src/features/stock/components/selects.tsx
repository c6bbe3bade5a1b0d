/**
 * The selects the stock dialogs share: a warehouse, a customer, an item (a search narrows itemList, the chosen item
 * stays an option), and a work order (the vehicle's latest, or a search by number).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Option } from '@/components/crud/form';
import { SelectInput, TextInput } from '@/components/ui/fields';
import { useItemOptions } from '../api/get-items';
import { usePartnerOptions } from '../api/get-partners';
import { useWarehouseOptions } from '../api/get-warehouses';
import { useWorkOrderOptions } from '../api/get-work-orders';
import type { StockItem } from '../types';

interface ControlProps {
  id: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

const aria = ({ invalid, describedBy }: ControlProps) => ({ 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy });

/** The warehouses as options (for search forms and the kit's form fields). */
export function useWarehouseChoices(): Option[] {
  const warehouses = useWarehouseOptions();
  return (warehouses.data?.list ?? []).map((w) => ({ value: w.id, label: w.name }));
}

export function WarehouseSelect(props: ControlProps & { value: number | null; onChange: (id: number | null) => void; exclude?: number | null; placeholder?: string }) {
  const { t } = useTranslation('stock');
  const choices = useWarehouseChoices().filter((o) => o.value !== props.exclude);
  return (
    <SelectInput
      id={props.id}
      {...aria(props)}
      disabled={props.disabled}
      value={props.value === null ? '' : String(props.value)}
      onChange={(e) => {
        props.onChange(e.target.value === '' ? null : Number(e.target.value));
      }}
    >
      <option value="">{props.placeholder ?? t('pick.warehouse')}</option>
      {choices.map((o) => (
        <option key={o.value} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </SelectInput>
  );
}

/** The partners of a kind (1 suppliers, 2 customers) as options. */
export function usePartnerChoices(kind: number): Option[] {
  const partners = usePartnerOptions(kind);
  return (partners.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }));
}

export function CustomerSelect(props: ControlProps & { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('stock');
  const choices = usePartnerChoices(2);
  return (
    <SelectInput
      id={props.id}
      {...aria(props)}
      value={props.value === null ? '' : String(props.value)}
      onChange={(e) => {
        props.onChange(e.target.value === '' ? null : Number(e.target.value));
      }}
    >
      <option value="">{t('pick.customer')}</option>
      {choices.map((o) => (
        <option key={o.value} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </SelectInput>
  );
}

const ITEM_OPTIONS = 50;

export function itemLabel(item: Pick<StockItem, 'code' | 'name' | 'unit'>): string {
  return `${item.code} · ${item.name}${item.unit ? ` (${item.unit})` : ''}`;
}

/**
 * An item: the search narrows the enabled items (50 at a time), the select picks one. `kinds` limits what is offered
 * (moves take parts and tyres, service lines anything). `onChange` hands over the whole item (its kind and price).
 */
export function ItemSelect(props: ControlProps & { value: StockItem | null; onChange: (item: StockItem | null) => void; kinds?: readonly number[]; label: string }) {
  const { t } = useTranslation('stock');
  const [keyword, setKeyword] = useState('');
  const options = useItemOptions({ keyword: keyword.trim() || undefined, enabled: true, page: 1, pageSize: ITEM_OPTIONS });
  const listed = (options.data?.list ?? []).filter((i) => !props.kinds || props.kinds.includes(i.kind));
  const chosen = props.value;
  const choices = chosen && !listed.some((i) => i.id === chosen.id) ? [chosen, ...listed] : listed;
  return (
    <div className="grid gap-1.5 sm:grid-cols-[minmax(6rem,10rem)_1fr]">
      <TextInput
        type="search"
        aria-label={t('pick.itemSearch', { label: props.label })}
        placeholder={t('pick.itemSearchHint')}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
        }}
      />
      <SelectInput
        id={props.id}
        {...aria(props)}
        value={chosen ? String(chosen.id) : ''}
        onChange={(e) => {
          props.onChange(choices.find((i) => String(i.id) === e.target.value) ?? null);
        }}
      >
        <option value="">{options.isPending ? t('pick.loading') : choices.length === 0 ? t('pick.noItems') : t('pick.item')}</option>
        {choices.map((i) => (
          <option key={i.id} value={String(i.id)}>
            {itemLabel(i)}
          </option>
        ))}
      </SelectInput>
    </div>
  );
}

/** A work order: the vehicle's latest 50 (or all latest without a vehicle); the chosen one stays an option. */
export function WorkOrderSelect(props: ControlProps & { vehicleId: number | null; value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('stock');
  const orders = useWorkOrderOptions({ vehicleId: props.vehicleId ?? undefined }, true);
  const list = orders.data?.list ?? [];
  const known = props.value === null || list.some((o) => o.id === props.value);
  return (
    <SelectInput
      id={props.id}
      {...aria(props)}
      value={props.value === null ? '' : String(props.value)}
      onChange={(e) => {
        props.onChange(e.target.value === '' ? null : Number(e.target.value));
      }}
    >
      <option value="">{list.length === 0 && !orders.isPending ? t('pick.noOrders') : t('pick.order')}</option>
      {known ? null : <option value={String(props.value)}>{t('pick.orderId', { id: props.value ?? '' })}</option>}
      {list.map((o) => (
        <option key={o.id} value={String(o.id)}>
          {`${o.number} · ${o.title}`}
        </option>
      ))}
    </SelectInput>
  );
}
