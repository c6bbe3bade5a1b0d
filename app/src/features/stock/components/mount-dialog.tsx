/**
 * Mount a tyre at a wheel (tyre/mount): pick the vehicle, then the wheel position from its axle layout, each named
 * ("axle 2, right outer") with the tyre already there (dismounted into the same warehouse first). A mounted tyre is
 * rotated: its mount closes and a new one opens. Opened for a job (a work order's "mount a tyre"), it starts with the
 * order's vehicle, wheel and the order (`initial`), all still changeable.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Dialog } from '@/components/ui/dialog';
import { TextArea } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/query';
import { useVehicleAxles, VehicleSelect, type PickedVehicle } from '@/features/vehicles';
import { useTyreOptions } from '../api/get-tyres';
import { useMountTyre } from '../api/mount-tyre';
import { MOUNTED, refusalText } from '../model';
import type { TyreAsset } from '../types';
import { WorkOrderSelect } from './selects';
import { useStockLabels } from './use-stock-labels';

/** What a dialog opened for a job starts with (a work order's vehicle, wheel and the order itself). */
export interface MountInitial {
  vehicle?: PickedVehicle | null;
  /** axle × 10 + wheel. */
  position?: number | null;
  workOrderId?: number | null;
  remark?: string;
}

interface MountDialogProps {
  tyre: TyreAsset;
  onClose: () => void;
  /** Starting values (a rotation keeps the tyre's own vehicle unless one is given). */
  initial?: MountInitial;
  /** Told the tyre as the server answered it once it is mounted (before onClose). */
  onMounted?: (tyre: TyreAsset) => void;
}

export function MountDialog({ tyre, onClose, initial, onMounted }: MountDialogProps) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('crud');
  const labels = useStockLabels();
  const base = useId();
  const mount = useMountTyre();
  const rotating = tyre.state === MOUNTED;
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(
    initial?.vehicle ?? (rotating && typeof tyre.vehicleId === 'number' ? { id: tyre.vehicleId, plate: tyre.plate } : null),
  );
  const [position, setPosition] = useState<number | null>(initial?.position ?? null);
  const [workOrderId, setWorkOrderId] = useState<number | null>(initial?.workOrderId ?? null);
  const [remark, setRemark] = useState(initial?.remark ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const axles = useVehicleAxles(vehicle?.id ?? null);
  const mounted = useTyreOptions({ vehicleId: vehicle?.id, state: MOUNTED }, vehicle !== null);
  /** The tyres on the vehicle by wheel position. */
  const at = new Map<number, TyreAsset>();
  for (const x of mounted.data?.list ?? []) if (typeof x.position === 'number') at.set(x.position, x);
  const err = (f: string) => errors[f];

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!vehicle) found.vehicleId = t('error.required');
    if (position === null) found.position = t('error.positionRequired');
    setErrors(found);
    if (!vehicle || position === null || busy) return;
    setBusy(true);
    try {
      const mounted = await mount.mutateAsync({ id: tyre.id, vehicleId: vehicle.id, position, ...(workOrderId === null ? {} : { workOrderId }), ...(remark.trim() ? { remark: remark.trim() } : {}) });
      onMounted?.(mounted);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && !e.isTransport && !e.isCancelled) {
        const key = e.field === 'vehicleId' || e.field === 'position' || e.field === 'workOrderId' || e.field === 'remark' ? e.field : 'general';
        setErrors({ [key]: refusalText(e.message, e.field) });
      }
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={rotating ? t('tyre.rotateTitle', { serial: tyre.serial }) : t('tyre.mountTitle', { serial: tyre.serial })}
      description={rotating ? t('tyre.rotateHint', { plate: tyre.plate, position: labels.wheel(tyre.position, tyre.wheelsPerAxle) }) : t('tyre.mountHint', { warehouse: tyre.warehouseName })}
      size="lg"
      testId="mount-dialog"
      footer={
        <>
          <Button variant="secondary" className="max-md:h-11" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button variant="accent" className="max-md:h-11" disabled={busy} aria-busy={busy} onClick={() => void submit()} data-testid="mount-save">
            {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {rotating ? t('tyre.rotate') : t('tyre.mount')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div>
          <VehicleSelect
            value={vehicle}
            onChange={(v) => {
              setVehicle(v);
              setPosition(null);
              setWorkOrderId(null);
              setErrors({});
            }}
          />
          {err('vehicleId') ? <p className="mt-1 text-xs text-red-600" data-testid="field-error">{err('vehicleId')}</p> : null}
        </div>
        <fieldset aria-describedby={err('position') ? `${base}-position-error` : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('tyre.position')}</legend>
          {!vehicle ? (
            <p className="text-sm text-slate-500">{t('tyre.pickVehicleFirst')}</p>
          ) : axles.pending ? (
            <p className="text-sm text-slate-500">{t('pick.loading')}</p>
          ) : !axles.wheelsPerAxle ? (
            <p className="text-sm text-slate-500">{t('tyre.noLayout')}</p>
          ) : (
            <div className="space-y-2" data-testid="position-picker">
              {axles.wheelsPerAxle.map((n, a) => (
                <div key={a} className="flex flex-wrap gap-2">
                  {Array.from({ length: n }, (_, w) => (a + 1) * 10 + w + 1).map((p) => {
                    const there = at.get(p);
                    const name = labels.wheel(p, axles.wheelsPerAxle);
                    const self = there?.id === tyre.id;
                    return (
                      <label
                        key={p}
                        className={cx(
                          'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300 ring-inset has-checked:bg-accent/10 has-checked:ring-2 has-checked:ring-accent',
                          self && 'cursor-not-allowed opacity-50',
                        )}
                      >
                        <input
                          type="radio"
                          name={`${base}-position`}
                          value={p}
                          disabled={self}
                          checked={position === p}
                          onChange={() => {
                            setPosition(p);
                            setErrors((e) => ({ ...e, position: '' }));
                          }}
                          className="accent-accent"
                        />
                        <span>
                          <span className="block text-slate-900">{name}</span>
                          <span className="block text-xs text-slate-500">{there ? t('tyre.occupied', { serial: there.serial }) : t('tyre.free')}</span>
                        </span>
                      </label>
                    );
                  })}
                </div>
              ))}
            </div>
          )}
          {err('position') ? (
            <p id={`${base}-position-error`} className="mt-1 text-xs text-red-600" data-testid="field-error">
              {err('position')}
            </p>
          ) : null}
        </fieldset>
        <div>
          <label htmlFor={`${base}-order`} className="mb-1 block text-sm font-medium text-slate-800">
            {t('move.workOrder')}
          </label>
          <WorkOrderSelect id={`${base}-order`} vehicleId={vehicle?.id ?? null} value={workOrderId} onChange={setWorkOrderId} />
          {err('workOrderId') ? <p className="mt-1 text-xs text-red-600">{err('workOrderId')}</p> : null}
        </div>
        <div>
          <label htmlFor={`${base}-remark`} className="mb-1 block text-sm font-medium text-slate-800">
            {t('move.remark')}
          </label>
          <TextArea id={`${base}-remark`} className="min-h-16" maxLength={200} value={remark} onChange={(e) => { setRemark(e.target.value); }} />
          {err('remark') ? <p className="mt-1 text-xs text-red-600">{err('remark')}</p> : null}
        </div>
        {err('general') ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {err('general')}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
