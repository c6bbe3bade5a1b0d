/**
 * One vehicle's live updates for a view that shows it (gauges, info card, wheel panel): joins the page's shared
 * websocket (live-hub) and counts the vehicle frames naming this vehicle (and resyncs), at most once per throttle
 * window like the map's fleet store. The view refetches its readings when the count moves. Browser only (effects);
 * off for visitors and without a token.
 */
import { useEffect, useState } from 'react';

import { useApp } from '@/lib/app-context';
import { listenLive } from './live-hub';
import { socketUrl, type LiveStatus } from './live-socket';
import { VEHICLE_THROTTLE_MS } from './fleet-store';

export interface VehicleUpdates {
  /** 0 until the first frame of the vehicle; then bumped (throttled) by each one. */
  version: number;
  status: LiveStatus | 'off';
}

export function useVehicleUpdates(vehicleId: number | null, token: string | null, enabled = true): VehicleUpdates {
  const { brand } = useApp();
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState<LiveStatus | 'off'>('off');
  useEffect(() => {
    if (!enabled || token === null || vehicleId === null) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const bump = () => {
      timer ??= setTimeout(() => {
        timer = null;
        setVersion((v) => v + 1);
      }, VEHICLE_THROTTLE_MS);
    };
    const stop = listenLive(socketUrl(brand.wsUrl, window.location, token), {
      onVehicle: (data) => {
        if (data.i === vehicleId) bump();
      },
      onResync: bump,
      onStatus: setStatus,
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
      setStatus('off');
    };
  }, [enabled, token, vehicleId, brand.wsUrl]);
  return { version, status };
}
