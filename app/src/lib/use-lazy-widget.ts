/**
 * A browser-only widget (an OpenLayers map, an ECharts chart) built on an element once it is mounted: `make` imports
 * the widget's lazy module and builds it on the element (called once), and the handle is disposed on unmount. The
 * status is 'loading' until then, 'error' when the import or the build failed. The first render (server and
 * hydration) never builds anything.
 */
import { useEffect, useRef, useState } from 'react';

export type WidgetStatus = 'loading' | 'ready' | 'error';

export function useLazyWidget<H extends { dispose: () => void }, E extends HTMLElement = HTMLDivElement>(make: (el: E) => Promise<H>) {
  const ref = useRef<E>(null);
  const handle = useRef<H | null>(null);
  const [status, setStatus] = useState<WidgetStatus>('loading');
  // the first `make` builds the widget; later renders' closures are not needed (widgets read props through refs)
  const makeOnce = useRef(make);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    makeOnce
      .current(el)
      .then((made) => {
        if (cancelled) {
          made.dispose();
          return;
        }
        handle.current = made;
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
      handle.current?.dispose();
      handle.current = null;
    };
  }, []);
  return { ref, handle, status };
}
