/**
 * The side of an order's page: what it is about (vehicles and wheel positions, each with "mount a tyre", devices, the
 * type's fields, labels), people (assignee, participants, everyone with their roles), the location on a small map,
 * parts shipping, linked alarms and the vehicle's snapshot when the order was opened.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { Panel } from '@/components/crud/view';
import { PointMap } from '@/components/map/point-map';
import { Button, LinkButton } from '@/components/ui/button';
import { TextInput } from '@/components/ui/fields';
import { CloseIcon, EditIcon, PlusIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import type { LinkedAlarm, OrderDetail } from '@/lib/api-types';
import { useMenuButtons, useMenuPath } from '@/lib/console/use-menu-path';
import { formatDateTime } from '@/lib/format';
import { toText } from '@/lib/request/client';
import { useRelatedUsers } from '../api/get-related-users';
import { useSnapshot } from '../api/get-snapshot';
import { useTemplate } from '../api/get-template';
import { useAllocate } from '../api/allocate';
import { useLinkAlarms } from '../api/link-alarms';
import { useSetExpress } from '../api/set-express';
import { useSetLocation } from '../api/set-location';
import { useSetParticipants } from '../api/set-participants';
import { CANCELLED, CLOSED, coordinate, localToRfc3339, rfc3339ToLocal } from '../model';
import { positionNumber } from '../prefill';
import { AlarmWheelLabel } from '@/features/live';
import { useWorkLabels } from './badges';
import { Row } from './info-row';
import { useOrderWheelName } from './use-order-wheel-name';
import { personName, UserPicker } from './user-picker';

/**
 * Where "mount a tyre" leads for a vehicle of the order (and one of its wheels): the tyre inventory (menu view
 * `tyreMileage`), which lists the tyres in stock and mounts the one picked with the order. Null when the role has no
 * inventory, may use none of its buttons (the rule the inventory hides its mount action by), or the order is closed,
 * cancelled or not the caller's to change.
 */
function useMountPath(order: OrderDetail): ((vehicleId: number, plate: string, position: string | null) => string) | null {
  const menuPath = useMenuPath();
  const menuButtons = useMenuButtons();
  const inventory = menuPath('tyreMileage');
  const can = menuButtons('tyreMileage');
  const mayMount = inventory !== null && can !== null && ['add', 'edit', 'delete', 'export'].some(can);
  if (!mayMount || !order.writable || order.state === CANCELLED || order.state === CLOSED) return null;
  return (vehicleId, plate, position) => {
    const q = new URLSearchParams({ mount: '1', workOrderId: String(order.id), number: order.number, vehicleId: String(vehicleId), plate });
    const n = position === null ? null : positionNumber(position);
    if (n !== null) q.set('position', String(n));
    return `${inventory}?${q.toString()}`;
  };
}

/** "Mount a tyre" for a vehicle of the order: one per wheel the order names (or one for the vehicle). */
function MountLinks({ vehicle, mountPath }: { vehicle: OrderDetail['vehicles'][number]; mountPath: (vehicleId: number, plate: string, position: string | null) => string }) {
  const { t } = useTranslation('work');
  const wheelName = useOrderWheelName(vehicle.vehicleId);
  const wheels: (string | null)[] = vehicle.positions.filter((p) => positionNumber(p) !== null);
  return (
    <span className="mt-1 flex flex-wrap gap-1.5">
      {(wheels.length > 0 ? wheels : [null]).map((p) => (
        <LinkButton
          key={p ?? 'vehicle'}
          to={mountPath(vehicle.vehicleId, vehicle.plate, p)}
          variant="secondary"
          size="sm"
          className="max-md:h-10"
          aria-label={p === null ? t('mount.forVehicle', { plate: vehicle.plate }) : t('mount.forWheel', { plate: vehicle.plate, wheel: wheelName(p) })}
          data-testid="order-mount-tyre"
        >
          {p === null ? t('mount.action') : t('mount.actionAt', { wheel: wheelName(p) })}
        </LinkButton>
      ))}
    </span>
  );
}

/** The wheel positions an order names on one of its vehicles. */
function OrderWheels({ vehicleId, positions }: { vehicleId: number; positions: readonly string[] }) {
  const { t } = useTranslation('work');
  const wheelName = useOrderWheelName(vehicleId);
  return <span className="text-slate-500"> · {t('form.positionsList', { list: positions.map(wheelName).join(t('form.listSeparator')) })}</span>;
}

export function OrderSubject({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const template = useTemplate({ typeId: order.typeId });
  const mountPath = useMountPath(order);
  const labels = new Map((template.data?.fields ?? []).map((f) => [f.key, f.label]));
  const values = Object.entries(order.fields);
  return (
    <Panel title={t('detail.subject')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 text-sm" data-testid="order-subject">
        <Row label={t('field.vehicles')}>
          {order.vehicles.length === 0
            ? '—'
            : order.vehicles.map((v) => (
                <span key={v.vehicleId} className="block">
                  <span className="font-medium">{v.plate}</span>
                  {v.positions.length > 0 ? <OrderWheels vehicleId={v.vehicleId} positions={v.positions} /> : null}
                  {mountPath ? <MountLinks vehicle={v} mountPath={mountPath} /> : null}
                </span>
              ))}
        </Row>
        {order.devices.length > 0 ? <Row label={t('field.devices')}>{order.devices.map((d) => d.imei).join(', ')}</Row> : null}
        {values.map(([k, v]) => (
          <Row key={k} label={labels.get(k) ?? k}>
            {typeof v === 'string' && /^(https?:\/\/|\/uploads\/)/.test(v) ? <img src={v} alt={labels.get(k) ?? k} className="h-20 rounded object-cover" /> : toText(v)}
          </Row>
        ))}
        {order.labels.length > 0 ? (
          <Row label={t('field.labels')}>
            <span className="flex flex-wrap gap-1">{order.labels.map((l) => <Badge key={l} tone="blue">{l}</Badge>)}</span>
          </Row>
        ) : null}
        {order.description ? <Row label={t('field.description')}><span className="whitespace-pre-wrap">{order.description}</span></Row> : null}
        <Row label={t('field.cost')}><span className="tabular-nums">{order.cost.toFixed(2)}</span></Row>
      </dl>
    </Panel>
  );
}

export function OrderPeople({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const related = useRelatedUsers({ id: order.id });
  const allocate = useAllocate();
  const participants = useSetParticipants();
  const [adding, setAdding] = useState(false);
  const open = order.writable && order.state !== CANCELLED && order.state !== CLOSED;
  const ids = order.participants.map((p) => p.id);
  return (
    <Panel title={t('people.title')}>
      <div className="space-y-3 p-4 text-sm">
        {open ? (
          <div>
            <p className="mb-1 text-xs text-slate-500">{t('field.assignee')}</p>
            <UserPicker
              id={`assignee-${String(order.id)}`}
              value={order.assigneeId ?? null}
              currentName={order.assigneeName}
              testId="assignee-picker"
              onChange={(id) => {
                if (id !== null) void allocate.mutateAsync({ id: order.id, assigneeId: id }).catch(() => undefined);
              }}
            />
          </div>
        ) : null}
        <div>
          <p className="mb-1 text-xs text-slate-500">{t('people.participants')}</p>
          <ul className="flex flex-wrap gap-1.5">
            {order.participants.map((p) => (
              <li key={p.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5">
                {personName(p)}
                {open ? (
                  <button
                    type="button"
                    aria-label={t('people.removeParticipant', { name: personName(p) })}
                    className="grid size-7 place-items-center rounded-full text-slate-500 hover:text-red-600"
                    onClick={() => void participants.mutateAsync({ id: order.id, userIds: ids.filter((x) => x !== p.id) }).catch(() => undefined)}
                  >
                    <CloseIcon className="size-3.5" />
                  </button>
                ) : null}
              </li>
            ))}
            {order.participants.length === 0 ? <li className="text-slate-500">—</li> : null}
          </ul>
          {open ? (
            adding ? (
              <div className="mt-2">
                <UserPicker
                  id={`participant-${String(order.id)}`}
                  value={null}
                  testId="participant-picker"
                  onChange={(id) => {
                    if (id === null) return;
                    setAdding(false);
                    void participants.mutateAsync({ id: order.id, userIds: [...new Set([...ids, id])] }).catch(() => undefined);
                  }}
                />
              </div>
            ) : (
              <Button variant="ghost" size="sm" className="mt-1" onClick={() => { setAdding(true); }}>
                <PlusIcon className="size-4" />
                {t('people.addParticipant')}
              </Button>
            )
          ) : null}
        </div>
        {related.data && related.data.length > 0 ? (
          <div>
            <p className="mb-1 text-xs text-slate-500">{t('people.everyone')}</p>
            <ul className="space-y-1" data-testid="related-users">
              {related.data.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center gap-1.5">
                  <span>{personName(u)}</span>
                  {u.roles.map((r) => <Badge key={r}>{t(`people.role.${r}`, { defaultValue: r })}</Badge>)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}

interface LocationValues { lat: string; lon: string; address: string }

export function OrderLocation({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const save = useSetLocation();
  const [editing, setEditing] = useState(false);
  const has = order.lat != null && order.lon != null;
  return (
    <Panel
      title={t('location.title')}
      actions={
        order.writable ? (
          <Button variant="ghost" size="sm" onClick={() => { setEditing(true); }} aria-label={t('location.edit')}>
            <EditIcon className="size-4" />
          </Button>
        ) : null
      }
    >
      <div className="space-y-2 p-4 text-sm">
        <p className="text-slate-800">{order.address || (has ? '' : t('location.none'))}</p>
        {has ? (
          <>
            <p className="text-xs text-slate-500 tabular-nums">{`${(order.lat ?? 0).toFixed(6)}, ${(order.lon ?? 0).toFixed(6)}`}</p>
            <PointMap
              className="relative h-48 rounded-lg"
              points={[{ id: String(order.id), lon: order.lon ?? 0, lat: order.lat ?? 0, color: '#dc2626', label: order.number }]}
              center={[order.lon ?? 0, order.lat ?? 0]}
              zoom={13}
              label={t('location.map', { number: order.number })}
              loadingText={t('location.loading')}
              errorText={t('location.failed')}
            />
          </>
        ) : null}
      </div>
      {editing ? (
        <FormDialog<LocationValues>
          open
          size="md"
          onClose={() => { setEditing(false); }}
          title={t('location.edit')}
          testId="location-form"
          initialValues={{ lat: order.lat == null ? '' : String(order.lat), lon: order.lon == null ? '' : String(order.lon), address: order.address }}
          fields={[
            { name: 'address', label: t('field.address'), type: 'text', wide: true, maxLength: 300 },
            { name: 'lat', label: t('field.lat'), type: 'text', validate: (v) => (v === '' || coordinate(v, 90) !== null ? null : t('form.badLat')) },
            { name: 'lon', label: t('field.lon'), type: 'text', validate: (v) => (v === '' || coordinate(v, 180) !== null ? null : t('form.badLon')) },
          ]}
          onSubmit={(v) => save.mutateAsync({ id: order.id, lat: coordinate(v.lat, 90), lon: coordinate(v.lon, 180), address: v.address.trim() })}
        />
      ) : null}
    </Panel>
  );
}

interface ExpressValues { carrier: string; trackingNo: string; shippedAt: string }

export function OrderShipping({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const save = useSetExpress();
  const [editing, setEditing] = useState(false);
  return (
    <Panel
      title={t('shipping.title')}
      actions={
        order.writable ? (
          <Button variant="ghost" size="sm" onClick={() => { setEditing(true); }} aria-label={t('shipping.edit')}>
            <EditIcon className="size-4" />
          </Button>
        ) : null
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 text-sm" data-testid="order-shipping">
        <Row label={t('shipping.carrier')}>{order.carrier || '—'}</Row>
        <Row label={t('shipping.trackingNo')}>{order.trackingNo || '—'}</Row>
        <Row label={t('shipping.shippedAt')}>{order.shippedAt ? formatDateTime(order.shippedAt) : '—'}</Row>
      </dl>
      {editing ? (
        <FormDialog<ExpressValues>
          open
          size="md"
          onClose={() => { setEditing(false); }}
          title={t('shipping.edit')}
          testId="shipping-form"
          initialValues={{ carrier: order.carrier, trackingNo: order.trackingNo, shippedAt: rfc3339ToLocal(order.shippedAt) }}
          fields={[
            { name: 'carrier', label: t('shipping.carrier'), type: 'text', required: true, maxLength: 64 },
            { name: 'trackingNo', label: t('shipping.trackingNo'), type: 'text', required: true, maxLength: 64 },
            {
              name: 'shippedAt',
              label: t('shipping.shippedAt'),
              type: 'custom',
              render: ({ id, value, onChange }) => <TextInput id={id} type="datetime-local" value={toText(value)} onChange={(e) => { onChange(e.target.value); }} />,
            },
          ]}
          onSubmit={(v) => save.mutateAsync({ id: order.id, carrier: v.carrier.trim(), trackingNo: v.trackingNo.trim(), shippedAt: localToRfc3339(v.shippedAt) })}
        />
      ) : null}
    </Panel>
  );
}

export function OrderAlarms({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const link = useLinkAlarms();
  const [linked, setLinked] = useState<LinkedAlarm[] | null>(null);
  const [text, setText] = useState('');
  const add = async () => {
    const id = Number(text.trim());
    if (!Number.isInteger(id) || id <= 0) return;
    try {
      setLinked(await link.mutateAsync({ id: order.id, alarmIds: [...new Set([...order.alarmIds, id])] }));
      setText('');
    } catch {
      // said by the request layer
    }
  };
  return (
    <Panel title={t('alarms.title')}>
      <div className="space-y-2 p-4 text-sm">
        {linked ? (
          <ul className="space-y-1" data-testid="order-alarms">
            {linked.map((a) => (
              <li key={a.id} className="flex flex-wrap gap-x-2">
                <span className="font-medium">#{a.id}</span>
                <AlarmWheelLabel kind={a.kind} position={a.position} vehicleId={a.vehicleId} />
                <span className="text-slate-500 tabular-nums">{formatDateTime(a.startedAt)}</span>
                {a.clearedAt ? <Badge tone="green">{t('alarms.cleared')}</Badge> : <Badge tone="red">{t('alarms.active')}</Badge>}
              </li>
            ))}
          </ul>
        ) : order.alarmIds.length > 0 ? (
          <p data-testid="order-alarms">{order.alarmIds.map((id) => `#${String(id)}`).join(', ')}</p>
        ) : (
          <p className="text-slate-500">{t('alarms.none')}</p>
        )}
        {order.writable ? (
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
          >
            <TextInput aria-label={t('alarms.id')} placeholder={t('alarms.id')} inputMode="numeric" value={text} onChange={(e) => { setText(e.target.value); }} />
            <Button type="submit" variant="secondary" disabled={link.isPending}>{t('alarms.link')}</Button>
          </form>
        ) : null}
      </div>
    </Panel>
  );
}

const SNAPSHOT_KEYS = ['speed', 'online', 'ignition', 'alarm', 'battery', 'voltage', 'address', 'gpsAt', 'finalAt'] as const;

export function OrderSnapshot({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const labels = useWorkLabels();
  const snap = useSnapshot({ id: order.id }, order.vehicleId != null);
  if (order.vehicleId == null) return null;
  const state = snap.data?.state && typeof snap.data.state === 'object' ? snap.data.state : null;
  const show = (k: (typeof SNAPSHOT_KEYS)[number], v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'boolean') return v ? labels.yes : labels.no;
    if (k === 'gpsAt' || k === 'finalAt') return formatDateTime(v);
    return toText(v);
  };
  return (
    <Panel title={t('snapshot.title')}>
      <div className="p-4 text-sm">
        {state ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5" data-testid="order-snapshot">
            {SNAPSHOT_KEYS.map((k) => <Row key={k} label={t(`snapshot.${k}`)}>{show(k, state[k])}</Row>)}
            {typeof state.lat === 'number' && typeof state.lon === 'number' ? <Row label={t('snapshot.position')}>{`${state.lat.toFixed(6)}, ${state.lon.toFixed(6)}`}</Row> : null}
          </dl>
        ) : (
          <p className="text-slate-500">{snap.isPending ? t('snapshot.loading') : t('snapshot.none')}</p>
        )}
      </div>
    </Panel>
  );
}
