/**
 * Route nodes made by the server (route_genRouteNodes_action) from a vehicle's driven day or from an uploaded GPX,
 * KML or CSV track (track_upload first): the answer replaces the nodes.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { formatDay } from '@/lib/format';
import { VehicleSelect, type PickedVehicle } from '@/features/vehicles';
import { genRouteNodes } from '../api/gen-route-nodes';
import { uploadTrack } from '../api/upload-track';
import { daySpan } from '../nodes';
import type { RouteNode } from '../types';

export function NodeSources({ onNodes }: { onNodes: (nodes: RouteNode[]) => void }) {
  const { t } = useTranslation('places');
  const id = useId();
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [day, setDay] = useState(() => formatDay(new Date(Date.now() - 86_400_000)));
  const [coord, setCoord] = useState<'wgs84' | 'gcj02'>('wgs84');
  const [busy, setBusy] = useState<'vehicle' | 'file' | null>(null);
  const [note, setNote] = useState<string | null>(null);

  /** `make` answers the nodes, and what to say besides (rows of a file skipped). */
  const run = async (kind: 'vehicle' | 'file', make: () => Promise<{ nodes: RouteNode[]; also?: string }>) => {
    setBusy(kind);
    setNote(null);
    try {
      const { nodes, also } = await make();
      onNodes(nodes);
      setNote([t('sources.made', { count: nodes.length }), also].filter(Boolean).join(' '));
    } catch {
      // the request layer said why
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-3 text-sm" data-testid="node-sources">
      <fieldset className="flex flex-wrap items-end gap-2">
        <legend className="mb-1 text-xs font-medium text-slate-600">{t('sources.vehicleDay')}</legend>
        <VehicleSelect value={vehicle} onChange={setVehicle} className="flex min-w-0 flex-1 flex-wrap items-end gap-2" />
        <TextInput type="date" className="w-40" aria-label={t('sources.day')} value={day} onChange={(e) => { setDay(e.target.value); }} />
        <Button
          variant="secondary"
          size="sm"
          disabled={!vehicle || !day || busy !== null}
          onClick={() => {
            if (vehicle) void run('vehicle', async () => ({ nodes: (await genRouteNodes({ vehicleId: vehicle.id, ...daySpan(day) })).nodes }));
          }}
        >
          {busy === 'vehicle' ? <SpinnerIcon className="size-4 animate-spin" /> : null}
          {t('sources.generate')}
        </Button>
      </fieldset>
      <fieldset className="flex flex-wrap items-end gap-2">
        <legend className="mb-1 text-xs font-medium text-slate-600">{t('sources.file')}</legend>
        <SelectInput className="w-32" aria-label={t('sources.coord')} value={coord} onChange={(e) => { setCoord(e.target.value === 'gcj02' ? 'gcj02' : 'wgs84'); }}>
          <option value="wgs84">WGS-84</option>
          <option value="gcj02">GCJ-02</option>
        </SelectInput>
        <label htmlFor={`${id}-file`} className="sr-only">
          {t('sources.file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".gpx,.kml,.csv"
          disabled={busy !== null}
          className="max-w-64 text-sm file:mr-2 file:rounded-md file:border-0 file:bg-white file:px-2.5 file:py-1.5 file:ring-1 file:ring-slate-300"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            void run('file', async () => {
              const upload = await uploadTrack(file, coord);
              const { nodes } = await genRouteNodes({ uploadId: upload.id });
              return { nodes, also: upload.errorCount > 0 ? t('sources.rowErrors', { count: upload.errorCount, first: upload.errors[0]?.message ?? '' }) : undefined };
            });
          }}
          data-testid="route-file"
        />
        {busy === 'file' ? <SpinnerIcon className="size-4 animate-spin" /> : null}
      </fieldset>
      {note ? (
        <p role="status" className="text-xs text-slate-600">
          {note}
        </p>
      ) : null}
    </div>
  );
}
