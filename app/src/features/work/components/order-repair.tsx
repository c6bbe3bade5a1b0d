/**
 * Parts and labour of an order (`repair_info`): the summary, the work per wheel position, the lines with their
 * amounts and the totals. Editing (`maintain`) shows the totals as they will be; the server computes the stored ones.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { SelectInput, TextArea, TextInput } from '@/components/ui/fields';
import { EditIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { ErrorState, LoadingState } from '@/components/ui/states';
import type { OrderDetail, RepairRecord, WheelWork } from '@/lib/api-types';
import { useRepair } from '../api/get-repair';
import { useSaveRepair } from '../api/save-repair';
import { CANCELLED, CLOSED, lineAmount, repairTotals, type RepairLineDraft } from '../model';
import { soleVehicleId, useOrderWheelName } from './use-order-wheel-name';

const money = (n: number) => n.toFixed(2);

export function OrderRepair({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const repair = useRepair({ id: order.id });
  const [editing, setEditing] = useState(false);
  const changeable = order.writable && order.state !== CANCELLED && order.state !== CLOSED;
  return (
    <Panel
      title={t('repair.title')}
      actions={
        changeable && !editing && repair.data ? (
          <Button variant="secondary" size="sm" className="max-md:h-10" onClick={() => { setEditing(true); }} data-testid="repair-edit">
            <EditIcon className="size-4" />
            {t('repair.edit')}
          </Button>
        ) : null
      }
    >
      <div className="p-4">
        {repair.isPending ? (
          <LoadingState />
        ) : repair.isError ? (
          <ErrorState message={t('repair.loadFailed')} onRetry={() => void repair.refetch()} />
        ) : editing ? (
          <RepairEditor order={order} record={repair.data} onDone={() => { setEditing(false); }} />
        ) : (
          <RepairSummary order={order} record={repair.data} />
        )}
      </div>
    </Panel>
  );
}

function Totals({ partsCost, labourHours, labourCost, total }: { partsCost: number; labourHours: number; labourCost: number; total: number }) {
  const { t } = useTranslation('work');
  return (
    <dl className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 text-sm md:grid-cols-4" data-testid="repair-totals">
      <div><dt className="text-xs text-slate-500">{t('repair.partsCost')}</dt><dd className="tabular-nums">{money(partsCost)}</dd></div>
      <div><dt className="text-xs text-slate-500">{t('repair.labourHours')}</dt><dd className="tabular-nums">{labourHours}</dd></div>
      <div><dt className="text-xs text-slate-500">{t('repair.labourCost')}</dt><dd className="tabular-nums">{money(labourCost)}</dd></div>
      <div><dt className="text-xs text-slate-500">{t('repair.total')}</dt><dd className="font-semibold tabular-nums">{money(total)}</dd></div>
    </dl>
  );
}

function RepairSummary({ order, record }: { order: OrderDetail; record: RepairRecord }) {
  const { t } = useTranslation('work');
  const wheelName = useOrderWheelName(soleVehicleId(order.vehicles));
  const empty = record.summary === '' && record.wheels.length === 0 && record.lines.length === 0;
  if (empty) return <p className="text-sm text-slate-500">{t('repair.empty')}</p>;
  return (
    <div className="space-y-3">
      {record.summary ? <p className="text-sm whitespace-pre-wrap text-slate-800">{record.summary}</p> : null}
      {record.wheels.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {record.wheels.map((w) => (
            <li key={w.position} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{wheelName(w.position)}</span>
              <span>{w.action}</span>
              {w.tyreSerial ? <span className="text-slate-500">{w.tyreSerial}</span> : null}
              {w.note ? <span className="text-slate-500">{w.note}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {record.lines.length > 0 ? (
        <ul className="divide-y divide-slate-100 text-sm">
          {record.lines.map((l, i) => (
            <li key={i} className="flex flex-wrap items-baseline gap-x-3 py-1.5">
              <span className="text-xs text-slate-500">{t(`repair.kind.${l.kind}`)}</span>
              <span className="min-w-0 flex-1 font-medium break-words">{l.name}{l.position ? ` · ${wheelName(l.position)}` : ''}</span>
              <span className="text-slate-500 tabular-nums">{l.kind === 'part' ? `${String(l.quantity ?? 0)} × ${money(l.unitPrice ?? 0)}` : `${String(l.hours ?? 0)} h × ${money(l.unitPrice ?? 0)}`}</span>
              <span className="tabular-nums">{money(l.amount ?? 0)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Totals {...record} />
    </div>
  );
}

function RepairEditor({ order, record, onDone }: { order: OrderDetail; record: RepairRecord; onDone: () => void }) {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  const save = useSaveRepair();
  const [summary, setSummary] = useState(record.summary);
  const [wheels, setWheels] = useState<WheelWork[]>(record.wheels);
  const [lines, setLines] = useState<RepairLineDraft[]>(record.lines.map((l) => ({ kind: l.kind, name: l.name, position: l.position, quantity: l.quantity, unitPrice: l.unitPrice, hours: l.hours })));
  const positions = order.vehicles.flatMap((v) => v.positions);
  const wheelName = useOrderWheelName(soleVehicleId(order.vehicles));
  const setLine = (i: number, patch: Partial<RepairLineDraft>) => {
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  };
  const setWheel = (i: number, patch: Partial<WheelWork>) => {
    setWheels((ws) => ws.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  };
  const num = (s: string) => (s === '' ? undefined : Number(s));
  const submit = async () => {
    try {
      await save.mutateAsync({ id: order.id, summary: summary.trim(), wheels: wheels.filter((w) => w.position !== ''), lines: lines.filter((l) => l.name.trim() !== '') });
      onDone();
    } catch {
      // the server named the line; the editor stays
    }
  };
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="repair-form"
    >
      <label className="block text-sm font-medium text-slate-800">
        {t('repair.summary')}
        <TextArea className="mt-1.5" value={summary} maxLength={4000} onChange={(e) => { setSummary(e.target.value); }} />
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t('repair.wheels')}</legend>
        {wheels.map((w, i) => (
          <div key={i} className="grid grid-cols-2 gap-2 rounded-lg p-2 ring-1 ring-slate-200 md:grid-cols-[11rem_1fr_1fr_1fr_auto]">
            <SelectInput aria-label={t('repair.position')} value={w.position} onChange={(e) => { setWheel(i, { position: e.target.value }); }}>
              <option value="">{tc('select')}</option>
              {[...new Set([...positions, w.position].filter(Boolean))].map((p) => <option key={p} value={p}>{wheelName(p)}</option>)}
            </SelectInput>
            <TextInput aria-label={t('repair.action')} placeholder={t('repair.action')} value={w.action ?? ''} onChange={(e) => { setWheel(i, { action: e.target.value }); }} />
            <TextInput aria-label={t('repair.tyreSerial')} placeholder={t('repair.tyreSerial')} value={w.tyreSerial ?? ''} onChange={(e) => { setWheel(i, { tyreSerial: e.target.value }); }} />
            <TextInput aria-label={t('repair.note')} placeholder={t('repair.note')} value={w.note ?? ''} onChange={(e) => { setWheel(i, { note: e.target.value }); }} />
            <button type="button" aria-label={t('repair.removeWheel')} className="grid size-10 place-items-center rounded text-slate-400 hover:text-red-600" onClick={() => { setWheels((ws) => ws.filter((_, j) => j !== i)); }}>
              <TrashIcon className="size-4" />
            </button>
          </div>
        ))}
        <Button variant="ghost" size="sm" onClick={() => { setWheels((ws) => [...ws, { position: positions[0] ?? '', action: '', tyreSerial: '', note: '' }]); }}>
          <PlusIcon className="size-4" />
          {t('repair.addWheel')}
        </Button>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t('repair.lines')}</legend>
        {lines.map((l, i) => (
          <div key={i} className="grid grid-cols-2 items-center gap-2 rounded-lg p-2 ring-1 ring-slate-200 md:grid-cols-[7rem_1fr_6rem_6rem_7rem_6rem_auto]" data-testid="repair-line">
            <SelectInput aria-label={t('repair.kindLabel')} value={l.kind} onChange={(e) => { setLine(i, { kind: e.target.value === 'labour' ? 'labour' : 'part' }); }}>
              <option value="part">{t('repair.kind.part')}</option>
              <option value="labour">{t('repair.kind.labour')}</option>
            </SelectInput>
            <TextInput aria-label={t('repair.name')} placeholder={t('repair.name')} value={l.name} maxLength={200} onChange={(e) => { setLine(i, { name: e.target.value }); }} />
            {l.kind === 'part' ? (
              <TextInput aria-label={t('repair.quantity')} placeholder={t('repair.quantity')} type="number" inputMode="decimal" min={0} value={l.quantity ?? ''} onChange={(e) => { setLine(i, { quantity: num(e.target.value) }); }} />
            ) : (
              <TextInput aria-label={t('repair.hours')} placeholder={t('repair.hours')} type="number" inputMode="decimal" min={0} value={l.hours ?? ''} onChange={(e) => { setLine(i, { hours: num(e.target.value) }); }} />
            )}
            <TextInput aria-label={t('repair.unitPrice')} placeholder={t('repair.unitPrice')} type="number" inputMode="decimal" min={0} value={l.unitPrice ?? ''} onChange={(e) => { setLine(i, { unitPrice: num(e.target.value) }); }} />
            <SelectInput aria-label={t('repair.position')} value={l.position ?? ''} onChange={(e) => { setLine(i, { position: e.target.value || undefined }); }}>
              <option value="">{t('repair.noPosition')}</option>
              {positions.map((p) => <option key={p} value={p}>{wheelName(p)}</option>)}
            </SelectInput>
            <span className="text-right text-sm tabular-nums">{money(lineAmount(l))}</span>
            <button type="button" aria-label={t('repair.removeLine')} className="grid size-10 place-items-center rounded text-slate-400 hover:text-red-600" onClick={() => { setLines((ls) => ls.filter((_, j) => j !== i)); }}>
              <TrashIcon className="size-4" />
            </button>
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" onClick={() => { setLines((ls) => [...ls, { kind: 'part', name: '', quantity: 1, unitPrice: 0 }]); }}>
            <PlusIcon className="size-4" />
            {t('repair.addPart')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => { setLines((ls) => [...ls, { kind: 'labour', name: '', hours: 1, unitPrice: 0 }]); }}>
            <PlusIcon className="size-4" />
            {t('repair.addLabour')}
          </Button>
        </div>
      </fieldset>
      <Totals {...repairTotals(lines)} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" className="max-md:h-11" onClick={onDone}>{tc('cancel')}</Button>
        <Button type="submit" variant="accent" className="max-md:h-11" disabled={save.isPending} data-testid="repair-save">{tc('save')}</Button>
      </div>
    </form>
  );
}
