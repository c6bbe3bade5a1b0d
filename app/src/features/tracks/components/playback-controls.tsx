/** Play/pause, the speed (1×–16×) and the timeline scrubber of a track's playback, with the moment's time. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { formatDateTime, formatTime } from '@/lib/format';
import { PLAYBACK_SPEEDS, type PlaybackSpeed } from '../playback';
import type { Playback } from './use-playback';

export function PlaybackControls({ playback }: { playback: Playback }) {
  const { t } = useTranslation('locus');
  const id = useId();
  const { span, ms, playing, speed } = playback;
  const disabled = span === null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200" data-testid="playback-controls">
      <Button
        variant="accent"
        size="sm"
        className="max-md:h-10"
        disabled={disabled}
        onClick={playback.toggle}
        aria-label={playing ? t('playback.pause') : t('playback.play')}
        data-testid="playback-toggle"
        data-playing={playing}
      >
        {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
        <span className="max-sm:sr-only">{playing ? t('playback.pause') : t('playback.play')}</span>
      </Button>
      <label htmlFor={`${id}-speed`} className="sr-only">
        {t('playback.speed')}
      </label>
      <select
        id={`${id}-speed`}
        value={speed}
        disabled={disabled}
        onChange={(e) => {
          playback.setSpeed(Number(e.target.value) as PlaybackSpeed);
        }}
        className="h-9 rounded-md bg-white px-2 text-sm text-slate-700 ring-1 ring-slate-200 max-md:h-10"
        data-testid="playback-speed"
      >
        {PLAYBACK_SPEEDS.map((s) => (
          <option key={s} value={s}>
            {t('playback.times', { n: s })}
          </option>
        ))}
      </select>
      <div className="flex min-w-48 flex-1 items-center gap-2">
        <label htmlFor={`${id}-timeline`} className="sr-only">
          {t('playback.timeline')}
        </label>
        <input
          id={`${id}-timeline`}
          type="range"
          min={span?.start ?? 0}
          max={span?.end ?? 0}
          step={1000}
          value={ms}
          disabled={disabled}
          aria-valuetext={formatDateTime(ms)}
          onChange={(e) => {
            playback.seek(Number(e.target.value));
          }}
          className="accent-accent h-10 min-w-0 flex-1"
          data-testid="playback-timeline"
        />
        <output htmlFor={`${id}-timeline`} className="w-20 text-right text-sm font-medium text-slate-900 tabular-nums" data-testid="playback-time">
          {disabled ? '--:--:--' : formatTime(ms)}
        </output>
      </div>
    </div>
  );
}
