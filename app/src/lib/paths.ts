/** Every fixed path the app links to, in one place (so a renamed route is a one-line change). */
export const paths = {
  home: '/',
  map: '/map',
  solution: '/solution',
  about: '/about',
  login: '/login',
  /** The phone's side of a QR sign-in (the code encodes origin + `/qr-login?key=…`). */
  qrLogin: '/qr-login',
  notFound: '/404',
  register: '/g/register',
  permissionSetting: '/permissionSetting',
  install: '/install',
  cancellation: '/cancellation',
  truck: '/truck',
  saloon: '/saloon',
  locus: '/locus',
  supertag: '/supertag',
  workspace: '/workspace',
  workspaceHome: '/workspace/home',
  workspaceSchema: '/workspace/schema',
  dashboard: '/dashboard',
  reload: '/reload',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Route patterns with parameters. */
export const patterns = {
  register: '/g/:id',
  discussionsInfo: '/df/:id',
  messageInfo: '/mf/:id',
  article: '/article/:type',
  /** A work order's page outside the menu (shared links, notifications). */
  workOrder: '/wf/:id',
} as const;

/** An article's page (`/article/:type`: privacy, terms, cookies, install-guide; features/articles). */
export function articlePath(type: string): string {
  return `/article/${type}`;
}

/** The sign-in page that comes back to `path` afterwards (`/login?redirect=…`). */
export function signInThenBack(path: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(path)}`;
}
