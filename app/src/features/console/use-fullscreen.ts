import { useCallback, useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  document.addEventListener('fullscreenchange', listener);
  return () => {
    document.removeEventListener('fullscreenchange', listener);
  };
}

/** Browser full-screen state (console-spec §4 "Full-screen toggles the browser full-screen state"). */
export function useFullscreen(): { active: boolean; supported: boolean; toggle: () => void } {
  const active = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null,
    () => false,
  );
  const supported = useSyncExternalStore(
    subscribe,
    () => document.fullscreenEnabled,
    () => true,
  );
  const toggle = useCallback(() => {
    const run = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    run.catch(() => undefined); // refused (e.g. not triggered by a user gesture): nothing to do
  }, []);
  return { active, supported, toggle };
}
