/**
 * Work-order events for the signed-in user (`work.message`, `work.order`) from the page's one live connection (the
 * socket the map and the header bell share): nothing opens a second one. Browser only, and not for visitors.
 */
import { useEffect, useEffectEvent } from 'react';

import { useApp } from '@/lib/app-context';
import { useSession } from '@/lib/console/session-context';
import { useHydrated } from '@/lib/local-store';
import { listenLive, socketUrl, type WorkEvent } from '@/features/live';

/**
 * Calls `onEvent` for each event; `onResync` when events may have been missed (the server restarted). Listens only
 * while `enabled`.
 */
export function useWorkEvents(onEvent: (event: WorkEvent) => void, onResync: () => void, enabled = true) {
  const { brand } = useApp();
  const { hasToken, visitor, token } = useSession();
  const hydrated = useHydrated();
  const handleEvent = useEffectEvent(onEvent);
  const handleResync = useEffectEvent(onResync);
  const live = enabled && hydrated && hasToken && !visitor ? token : null;

  useEffect(() => {
    if (live === null) return;
    return listenLive(socketUrl(brand.wsUrl, window.location, live), {
      onWork: (event) => {
        handleEvent(event);
      },
      onResync: () => {
        handleResync();
      },
    });
  }, [live, brand.wsUrl]);
}
