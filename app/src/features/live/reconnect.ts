/**
 * The websocket's connection logic as a pure state machine (docs/live.md): connect, remember the last event number,
 * resume after a drop with `{"type":"resume","after":N}`, drop events already handled, back off between attempts,
 * and ask for a refetch on `resync` or when the server's numbering went backwards (a restart).
 */
import type { LiveFrame } from './protocol';

export type Phase = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped';

export interface LinkState {
  phase: Phase;
  /** The last event number handled; null before the first hello. */
  lastSeq: number | null;
  /** Failed attempts in a row (0 once a connection opened). */
  attempt: number;
}

export type LinkEvent = { type: 'start' } | { type: 'open' } | { type: 'frame'; frame: LiveFrame } | { type: 'close' } | { type: 'retry' } | { type: 'stop' };

export type LinkAction =
  | { type: 'connect' }
  | { type: 'send'; data: { type: 'resume'; after: number } }
  | { type: 'schedule'; delay: number }
  | { type: 'deliver'; frame: LiveFrame }
  | { type: 'resync' };

export const INITIAL_LINK: LinkState = { phase: 'idle', lastSeq: null, attempt: 0 };

export const BACKOFF_MIN_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

/** 1 s, 2 s, 4 s … capped at 30 s. */
export function backoff(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, attempt - 1));
}

export function step(state: LinkState, event: LinkEvent): { state: LinkState; actions: LinkAction[] } {
  if (state.phase === 'stopped') return { state, actions: [] };
  switch (event.type) {
    case 'start':
    case 'retry':
      return { state: { ...state, phase: 'connecting' }, actions: [{ type: 'connect' }] };
    case 'open':
      return { state: { ...state, phase: 'open', attempt: 0 }, actions: [] };
    case 'close': {
      const attempt = state.attempt + 1;
      return { state: { ...state, phase: 'waiting', attempt }, actions: [{ type: 'schedule', delay: backoff(attempt) }] };
    }
    case 'stop':
      return { state: { ...state, phase: 'stopped' }, actions: [] };
    case 'frame':
      return onFrame(state, event.frame);
  }
}

function onFrame(state: LinkState, frame: LiveFrame): { state: LinkState; actions: LinkAction[] } {
  switch (frame.type) {
    case 'hello': {
      const last = state.lastSeq;
      if (last === null || frame.seq === last) return { state: { ...state, lastSeq: frame.seq }, actions: [] };
      // the server restarted (its numbering is behind ours): what we hold may be stale
      if (frame.seq < last) return { state: { ...state, lastSeq: frame.seq }, actions: [{ type: 'resync' }] };
      return { state, actions: [{ type: 'send', data: { type: 'resume', after: last } }] };
    }
    case 'vehicle':
    case 'alarm':
    case 'message':
    case 'work':
      if (state.lastSeq !== null && frame.seq <= state.lastSeq) return { state, actions: [] };
      return { state: { ...state, lastSeq: frame.seq }, actions: [{ type: 'deliver', frame }] };
    case 'resync':
      return { state: { ...state, lastSeq: frame.seq }, actions: [{ type: 'resync' }] };
    case 'pong':
    case 'error':
      return { state, actions: [] };
  }
}
