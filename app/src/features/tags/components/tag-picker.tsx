/** Puts tags on a vehicle or device and takes them off (/tag/setTags, /tag/set_device); links that stay keep their form values. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/fields';
import { EmptyState } from '@/components/ui/states';
import { useTags } from '../api/get-tags';
import { useSetDeviceTags } from '../api/set-device-tags';
import { useSetVehicleTags } from '../api/set-vehicle-tags';
import { TagChip } from './tag-chip';
import { TargetPicker, type PickedTarget } from './target-picker';

export function TagPicker({ onFill }: { onFill?: (picked: PickedTarget) => void }) {
  const { t } = useTranslation('tags');
  const [picked, setPicked] = useState<PickedTarget | null>(null);
  const kind = picked?.kind ?? 'vehicle';
  const choices = useTags({ kind });
  const current = useTags({ vehicleId: picked?.target.id ?? 0 }, picked?.kind === 'vehicle');
  // the choice being made (null: what the vehicle or device carries now)
  const [choice, setChoice] = useState<number[] | null>(null);
  const carried = !picked ? [] : picked.kind === 'device' ? picked.target.tags.map((c) => c.id) : (current.data ?? []).map((c) => c.id);
  const chosen = choice ?? carried;
  const setChosen = (f: (prev: number[]) => number[]) => {
    setChoice(f(chosen));
  };
  const pick = (p: PickedTarget) => {
    setPicked(p);
    setChoice(null);
  };
  const setVehicle = useSetVehicleTags();
  const setDevice = useSetDeviceTags();
  const save = async () => {
    if (!picked) return;
    if (picked.kind === 'vehicle') await setVehicle.mutateAsync({ vehicleId: picked.target.id, tagIds: chosen });
    else await setDevice.mutateAsync({ id: picked.target.id, tagIds: chosen });
    if (picked.kind === 'device') setPicked({ ...picked, target: { ...picked.target, tags: (choices.data ?? []).filter((c) => chosen.includes(c.id)) } });
  };
  const options = (choices.data ?? []).filter((c) => !picked || (c.kind === picked.kind && c.entId === picked.target.entId));
  return (
    <div className="grid gap-4 p-4 lg:grid-cols-2" data-testid="tag-picker">
      <TargetPicker picked={picked} onPick={pick} idPrefix="tag-picker" />
      <div className="space-y-3">
        {!picked ? (
          <EmptyState title={t('picker.choose')} />
        ) : (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-900">{t('picker.tagsOf', { name: picked.target.name })}</legend>
            <ul className="grid gap-2 sm:grid-cols-2">
              {options.map((c) => (
                <li key={c.id}>
                  <label className="flex min-h-11 items-center gap-2 rounded-lg px-2 ring-1 ring-slate-200">
                    <Checkbox
                      checked={chosen.includes(c.id)}
                      data-testid={`pick-${c.name}`}
                      onChange={(e) => { setChosen((prev) => (e.target.checked ? [...prev, c.id] : prev.filter((x) => x !== c.id))); }}
                    />
                    <TagChip name={c.name} color={c.color} />
                  </label>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap justify-end gap-2">
              {onFill ? (
                <Button variant="secondary" onClick={() => { onFill(picked); }}>
                  {t('picker.fill')}
                </Button>
              ) : null}
              <Button disabled={setVehicle.isPending || setDevice.isPending} onClick={() => void save().catch(() => undefined)}>
                {t('picker.save')}
              </Button>
            </div>
          </fieldset>
        )}
      </div>
    </div>
  );
}
