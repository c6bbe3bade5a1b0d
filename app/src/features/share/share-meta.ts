/**
 * The head of a share page (`/mf/:id`): the plate and state for search engines when the link shows a vehicle; status
 * 404 and "expired or not shared" when it does not. A discussion link (`/df/:id`, never indexed): the order's number
 * when the host loaded it, 404 and "invalid or expired" when the server refused it. Used by the QuickJS entry and by
 * the browser's head sync.
 */
import type { i18n as I18n } from 'i18next';

import type { PageRoute } from '@/lib/routes';
import type { MetaOverride } from '@/lib/seo';
import { deriveState } from '@/features/vehicles';
import { discussionFromData, sharedFromData, type SharedVehicle } from './types';

/** `2026-11-21 05:43 UTC`: the same on the server and in every visitor's browser. */
export function utcTime(iso: string | number | null): string {
  if (iso === null) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function describe(i18n: I18n, v: SharedVehicle): string {
  const s = v.state;
  if (typeof s?.finalTime !== 'number') return i18n.t('share:page.descriptionNoReport', { plate: v.plate });
  return i18n.t('share:page.description', {
    plate: v.plate,
    state: i18n.t(`fleet:state.${deriveState(s)}`),
    speed: Math.round(s.speed),
    alarms: v.alarms.length,
    time: utcTime(s.finalTime),
  });
}

/** The route's status and head for the route data; other routes pass through unchanged. */
export function sharePageMeta(route: PageRoute, data: Record<string, unknown>, i18n: I18n): { route: PageRoute; override: MetaOverride } {
  if (route.metaId === 'discussionsInfo') return discussionMeta(route, data, i18n);
  if (route.metaId !== 'messageInfo') return { route, override: {} };
  const shared = sharedFromData(data);
  if (!shared) {
    return { route: { ...route, status: 404 }, override: { title: i18n.t('share:missing.title'), description: i18n.t('share:missing.body') } };
  }
  return { route, override: { title: `${shared.plate} · ${i18n.t('share:page.heading')}`, description: describe(i18n, shared) } };
}

function discussionMeta(route: PageRoute, data: Record<string, unknown>, i18n: I18n): { route: PageRoute; override: MetaOverride } {
  const view = discussionFromData(data);
  if (view?.kind === 'refused') {
    return { route: { ...route, status: 404 }, override: { title: i18n.t('share:discussion.invalidTitle'), description: view.message } };
  }
  if (view?.kind === 'shown') return { route, override: { title: `${view.discussion.number} · ${i18n.t('share:discussion.heading')}` } };
  return { route, override: {} };
}
