/** Brand profile (console-spec §1, §3): the same build is rebranded per hostname by the host. */
export interface Brand {
  appName: string;
  desc: string;
  appLogo: string;
  wsUrl: string;
  appDomain: string;
}

/** Used only when the host sends an incomplete brand. */
export const DEFAULT_BRAND: Brand = {
  appName: 'Wheelend',
  desc: 'Wheel-end safety for commercial fleets: tyre pressure and temperature (TPMS), axle temperature and fire prevention.',
  appLogo: '/brand/wheelend.svg',
  wsUrl: '/ws',
  appDomain: '',
};

/** `${routeTitle} - ${appName}`, without repeating the name when both are the same. */
export function composeTitle(routeTitle: string, appName: string): string {
  if (!appName || routeTitle === appName) return routeTitle;
  if (!routeTitle) return appName;
  return `${routeTitle} - ${appName}`;
}

/** Absolute URL for Open Graph (`og:image`, `og:url`). Absolute inputs are kept. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (!origin) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
