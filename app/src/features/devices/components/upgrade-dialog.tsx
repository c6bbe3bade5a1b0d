/** Create upgrade tasks: pick a firmware image, then the receivers of its part number (all or none are queued). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, Field, SelectInput } from '@/components/ui/fields';
import { EmptyState } from '@/components/ui/states';
import { useDeviceOptions } from '../api/get-devices';
import { useFirmware } from '../api/get-firmware';
import { useToUpgrade } from '../api/to-upgrade';

export function UpgradeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const firmware = useFirmware({ page: 1, pageSize: 500 });
  const [firmwareId, setFirmwareId] = useState<number | null>(null);
  const image = firmware.data?.list.find((f) => f.id === firmwareId) ?? null;
  const devices = useDeviceOptions({ page: 1, pageSize: 500, kind: 0, partNo: image?.model ?? '\u0000' });
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const upgrade = useToUpgrade();
  const candidates = image ? (devices.data?.list ?? []).filter((d) => d.version !== image.version) : [];

  const toggle = (id: number) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('upgrade.create')}
      size="lg"
      testId="upgrade-create"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="accent"
            disabled={!image || picked.size === 0 || upgrade.isPending}
            onClick={() => {
              if (!image) return;
              void upgrade.mutateAsync({ firmwareId: image.id, deviceIds: [...picked] }).then(onClose).catch(() => undefined);
            }}
          >
            {t('upgrade.queue', { count: picked.size })}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Field label={t('upgrade.firmware')} htmlFor="upgrade-firmware">
          <SelectInput
            id="upgrade-firmware"
            value={firmwareId ?? ''}
            onChange={(e) => {
              setFirmwareId(e.currentTarget.value === '' ? null : Number(e.currentTarget.value));
              setPicked(new Set());
            }}
          >
            <option value="">{t('upgrade.pickFirmware')}</option>
            {(firmware.data?.list ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.model} · {f.version}
              </option>
            ))}
          </SelectInput>
        </Field>
        {image ? (
          candidates.length === 0 ? (
            <EmptyState title={t('upgrade.noDevices')} />
          ) : (
            <ul className="max-h-72 divide-y divide-slate-100 overflow-auto rounded ring-1 ring-slate-200" aria-label={t('upgrade.devices')}>
              {candidates.map((d) => (
                <li key={d.id}>
                  <label className="flex items-center gap-3 px-3 py-2 text-sm">
                    <Checkbox
                      checked={picked.has(d.id)}
                      onChange={() => {
                        toggle(d.id);
                      }}
                    />
                    <span className="tabular-nums">{d.imei}</span>
                    <span className="text-slate-500">{d.plate ?? ''}</span>
                    <span className="ml-auto text-slate-500">{d.version}</span>
                  </label>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </Dialog>
  );
}
