import { useCallback, useState, useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  document.addEventListener('fullscreenchange', listener);
  return () => {
    document.removeEventListener('fullscreenchange', listener);
  };
}

export interface Fullscreen {
  active: boolean;
  supported: boolean;
  /** The browser refused the last toggle (not a user gesture, a policy, an iframe without allowfullscreen). */
  refused: boolean;
  toggle: () => void;
}

/** Browser full-screen state (console-spec §4 "Full-screen toggles the browser full-screen state"). */
export function useFullscreen(): Fullscreen {
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
  const [refused, setRefused] = useState(false);
  const toggle = useCallback(() => {
    let run: Promise<void>;
    try {
      run = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    } catch {
      run = Promise.reject(new Error('refused'));
    }
    run.then(
      () => {
        setRefused(false);
      },
      () => {
        setRefused(true);
      },
    );
  }, []);
  return { active, supported, refused, toggle };
}
