/**
 * Playback of a track: the moment shown (ms), playing or paused, and the speed. While playing, each animation frame
 * moves the moment by the frame's time × TRACK_SECONDS_PER_SECOND × speed; at the last fix it stops. A new track
 * starts again at its first fix, paused.
 */
import { useEffect, useRef, useState } from 'react';

import { momentAt, timeline, TRACK_SECONDS_PER_SECOND, type PlaybackSpeed } from '../playback';
import type { TrackPoint } from '@/lib/api-types';

export function usePlayback(points: readonly TrackPoint[], trackKey: string) {
  const span = timeline(points);
  // another track, or its fixes arriving, starts again at its first fix
  const key = `${trackKey}:${String(span?.start ?? '')}`;
  const [state, setState] = useState({ key, ms: span?.start ?? 0, playing: false });
  const [speed, setSpeed] = useState<PlaybackSpeed>(1);
  // another track: back to its start (state derived during render, not in an effect)
  const current = state.key === key ? state : { key, ms: span?.start ?? 0, playing: false };
  if (current !== state) setState(current);

  const end = span?.end ?? 0;
  const latest = useRef({ speed, end });
  useEffect(() => {
    latest.current = { speed, end };
  });

  const playing = current.playing;
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      const elapsed = now - last;
      last = now;
      setState((s) => {
        const next = Math.min(latest.current.end, s.ms + elapsed * TRACK_SECONDS_PER_SECOND * latest.current.speed);
        return { ...s, ms: next, playing: next < latest.current.end };
      });
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [playing]);

  const clamp = (ms: number) => (span ? Math.min(span.end, Math.max(span.start, ms)) : 0);
  return {
    span,
    ms: current.ms,
    moment: momentAt(points, current.ms),
    playing,
    speed,
    setSpeed,
    /** Play from here (from the start when at the end), or pause. */
    toggle: () => {
      setState((s) => (s.playing ? { ...s, playing: false } : { ...s, ms: span && s.ms >= span.end ? span.start : s.ms, playing: span !== null }));
    },
    seek: (ms: number) => {
      setState((s) => ({ ...s, ms: clamp(ms) }));
    },
  };
}

export type Playback = ReturnType<typeof usePlayback>;
