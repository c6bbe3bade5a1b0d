/** Measure, draw, clear, and the base-layer choice; the last measurement beside them (MeasureResult). */
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { formatDistance } from '@/lib/geo';
import { TILE_CHOICES, type MapTool, type TileChoice } from '../map-types';

interface MapToolsProps {
  tool: MapTool;
  onTool: (tool: MapTool) => void;
  onClear: () => void;
  tiles: TileChoice;
  onTiles: (tiles: TileChoice) => void;
}

export function MapTools({ tool, onTool, onClear, tiles, onTiles }: MapToolsProps) {
  const { t } = useTranslation('map');
  const toggle = (next: MapTool) => {
    onTool(tool === next ? 'none' : next);
  };
  const button = (active: boolean) =>
    cx('h-8 rounded-md px-2.5 text-sm font-medium ring-1 transition-colors', active ? 'bg-accent ring-accent text-white' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50');
  return (
    <div role="toolbar" aria-label={t('tools.label')} className="flex flex-wrap items-center gap-1.5 rounded-lg bg-white/90 p-1.5 shadow-sm ring-1 ring-slate-200" data-testid="map-tools">
      <button type="button" aria-pressed={tool === 'measure'} className={button(tool === 'measure')} onClick={() => { toggle('measure'); }}>
        {t('tools.measure')}
      </button>
      <button type="button" aria-pressed={tool === 'draw'} className={button(tool === 'draw')} onClick={() => { toggle('draw'); }}>
        {t('tools.draw')}
      </button>
      <button type="button" className={button(false)} onClick={onClear}>
        {t('tools.clear')}
      </button>
      <label className="ml-1 flex items-center gap-1 text-xs text-slate-500">
        {t('tools.tiles')}
        <select
          value={tiles}
          onChange={(e) => {
            onTiles(e.target.value as TileChoice);
          }}
          className="h-8 rounded-md bg-white px-1.5 text-sm text-slate-700 ring-1 ring-slate-200"
        >
          {TILE_CHOICES.map((c) => (
            <option key={c} value={c}>
              {t(`tools.${c}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The last measured distance (kept outside the toolbar, so a phone shows it while the tools are tucked away). */
export function MeasureResult({ metres }: { metres: number }) {
  const { t } = useTranslation('map');
  return (
    <span className="inline-flex h-8 items-center rounded-lg bg-white/90 px-2.5 text-sm text-slate-700 tabular-nums shadow-sm ring-1 ring-slate-200" data-testid="measure-result">
      {t('tools.distance', { distance: formatDistance(metres) })}
    </span>
  );
}
