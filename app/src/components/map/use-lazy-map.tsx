/**
 * The plumbing of a lazily loaded OpenLayers map box: a target element, the handle that `create` makes once its
 * module has been imported (after hydration: never on the server), its status, and the note shown until it is ready.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

import { AlertIcon, SpinnerIcon } from '@/components/ui/icons';

export type MapStatus = 'loading' | 'ready' | 'error';

interface Disposable {
  dispose(): void;
}

/**
 * `create` imports the map's module and builds the handle on the target (it runs once; read changing props through a
 * ref). `whenNear`: wait until the box comes within 200 px of the viewport (maps below the fold).
 */
export function useLazyMap<H extends Disposable>(
  create: (target: HTMLDivElement) => Promise<H>,
  { whenNear = false }: { whenNear?: boolean } = {},
): { targetRef: RefObject<HTMLDivElement | null>; handleRef: RefObject<H | null>; status: MapStatus } {
  const targetRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<H | null>(null);
  const createRef = useRef(create);
  const [status, setStatus] = useState<MapStatus>('loading');

  useEffect(() => {
    let cancelled = false;
    const target = targetRef.current;
    if (!target) return;
    const load = () => {
      createRef.current(target)
        .then((handle) => {
          if (cancelled) {
            handle.dispose();
            return;
          }
          handleRef.current = handle;
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
          load();
        },
        { rootMargin: '200px' },
      );
      observer.observe(target);
    } else load();
    return () => {
      cancelled = true;
      observer?.disconnect();
      handleRef.current?.dispose();
      handleRef.current = null;
    };
  }, [whenNear]);

  return { targetRef, handleRef, status };
}

/** Over the box until the map is ready: loading, or why there is no map. */
export function MapStatusNote({ status, loadingText, errorText }: { status: MapStatus; loadingText: string; errorText: string }) {
  if (status === 'ready') return null;
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-6">
      <p className="flex items-center gap-2 rounded-lg bg-white/90 px-4 py-2.5 text-sm text-slate-600 shadow-sm" role="status">
        {status === 'loading' ? <SpinnerIcon className="size-4 animate-spin" /> : <AlertIcon className="size-4 text-amber-500" />}
        {status === 'loading' ? loadingText : errorText}
      </p>
    </div>
  );
}
