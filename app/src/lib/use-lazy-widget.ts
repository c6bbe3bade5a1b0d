/**
 * A browser-only widget (an OpenLayers map, an ECharts chart) built on an element once it is mounted: `make` imports
 * the widget's lazy module and builds it on the element (called once; widgets read later props through refs), and the
 * handle is disposed on unmount. The status is 'loading' until then, 'error' when the import or the build failed. The
 * first render (server and hydration) never builds anything. `whenNear`: wait until the element comes within 200 px
 * of the viewport (widgets below the fold need neither their module nor their tiles before someone scrolls to them).
 */
import { useEffect, useRef, useState } from 'react';

export type WidgetStatus = 'loading' | 'ready' | 'error';

export function useLazyWidget<H extends { dispose: () => void }, E extends HTMLElement = HTMLDivElement>(
  make: (el: E) => Promise<H>,
  { whenNear = false }: { whenNear?: boolean } = {},
) {
  const ref = useRef<E>(null);
  const handle = useRef<H | null>(null);
  const [status, setStatus] = useState<WidgetStatus>('loading');
  const makeOnce = useRef(make);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    const build = () => {
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
    };
    let observer: IntersectionObserver | null = null;
    if (whenNear) {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer?.disconnect();
          build();
        },
        { rootMargin: '200px' },
      );
      observer.observe(el);
    } else build();
    return () => {
      cancelled = true;
      observer?.disconnect();
      handle.current?.dispose();
      handle.current = null;
    };
  }, [whenNear]);
  return { ref, handle, status };
}
