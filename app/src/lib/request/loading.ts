/**
 * The loading overlay of console-spec §4: a counter of calls in flight. The overlay appears only when a call is still
 * pending after `delayMs` (400 ms), and closes as soon as the counter reaches zero or below. Each call gets its own
 * timer, so a fast call never flashes the overlay even while another call started earlier is still running.
 */
export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export interface LoadingCounter {
  /** A call started; returns the function that ends it (idempotent). */
  start: () => () => void;
  readonly pending: number;
  readonly visible: boolean;
  subscribe: (listener: () => void) => () => void;
}

export function createLoadingCounter(timers: Timers, delayMs: number): LoadingCounter {
  let pending = 0;
  let visible = false;
  const listeners = new Set<() => void>();
  const setVisible = (next: boolean) => {
    if (visible === next) return;
    visible = next;
    listeners.forEach((l) => {
      l();
    });
  };

  return {
    start() {
      pending += 1;
      let done = false;
      const timer = timers.setTimeout(() => {
        if (!done && pending > 0) setVisible(true);
      }, delayMs);
      return () => {
        if (done) return;
        done = true;
        timers.clearTimeout(timer);
        pending -= 1;
        if (pending <= 0) {
          pending = 0;
          setVisible(false);
        }
      };
    },
    get pending() {
      return pending;
    },
    get visible() {
      return visible;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
