/**
 * The browser's websocket to the host (docs/live.md), driven by the pure machine in reconnect.ts: signs in with
 * `?token=`, resumes after drops, pings every 20 s. Browser only: started from an effect.
 */
import type { Message } from './message';
import { parseFrame, type LiveAlarm, type Raw, type WorkEvent } from './protocol';
import { INITIAL_LINK, step, type LinkAction, type LinkEvent } from './reconnect';

export const PING_INTERVAL_MS = 20_000;

export type LiveStatus = 'connecting' | 'open' | 'waiting';

export interface LiveHandlers {
  onVehicle(data: Raw): void;
  onAlarm(alarm: LiveAlarm): void;
  /** A push to the signed-in user. */
  onMessage(message: Message): void;
  /** A work-order event for the signed-in user (a discussion's note, an order's state). */
  onWork(event: WorkEvent): void;
  /** Too far behind, or the server restarted: refetch the lists. */
  onResync(): void;
  onStatus(status: LiveStatus): void;
}

/** The brand's wsUrl (relative → this host, ws/wss by the page's protocol) with the session token. Pure. */
export function socketUrl(wsUrl: string, page: { protocol: string; host: string }, token: string): string {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = /^wss?:\/\//i.test(wsUrl) ? wsUrl : `${scheme}//${page.host}${wsUrl.startsWith('/') ? '' : '/'}${wsUrl || '/ws'}`;
  return `${base}${base.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** Connects and keeps the connection up until the returned function is called. */
export function connectLive(url: string, handlers: LiveHandlers): () => void {
  let state = INITIAL_LINK;
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;

  function stopPing() {
    if (pingTimer !== null) clearInterval(pingTimer);
    pingTimer = null;
  }

  function dispatch(event: LinkEvent) {
    const next = step(state, event);
    state = next.state;
    for (const action of next.actions) run(action);
  }

  function run(action: LinkAction) {
    switch (action.type) {
      case 'connect':
        open();
        break;
      case 'send':
        socket?.send(JSON.stringify(action.data));
        break;
      case 'schedule':
        handlers.onStatus('waiting');
        retryTimer = setTimeout(() => {
          retryTimer = null;
          dispatch({ type: 'retry' });
        }, action.delay);
        break;
      case 'deliver':
        if (action.frame.type === 'vehicle') handlers.onVehicle(action.frame.data);
        else if (action.frame.type === 'alarm') handlers.onAlarm(action.frame.data);
        else if (action.frame.type === 'message') handlers.onMessage(action.frame.data);
        else if (action.frame.type === 'work') handlers.onWork(action.frame.event);
        break;
      case 'resync':
        handlers.onResync();
        break;
    }
  }

  function open() {
    handlers.onStatus('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      dispatch({ type: 'open' });
      handlers.onStatus('open');
      pingTimer = setInterval(() => {
        ws.send('{"type":"ping"}');
      }, PING_INTERVAL_MS);
    };
    ws.onmessage = (event: MessageEvent) => {
      const frame = typeof event.data === 'string' ? parseFrame(event.data) : null;
      if (frame) dispatch({ type: 'frame', frame });
    };
    ws.onclose = () => {
      stopPing();
      if (socket === ws) {
        socket = null;
        dispatch({ type: 'close' });
      }
    };
  }

  dispatch({ type: 'start' });
  return () => {
    dispatch({ type: 'stop' });
    stopPing();
    if (retryTimer !== null) clearTimeout(retryTimer);
    const ws = socket;
    socket = null;
    ws?.close();
  };
}
