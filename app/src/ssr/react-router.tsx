/**
 * react-router for the server bundle only (scripts/build.mjs resolves the app's `react-router` imports here; the
 * browser keeps the package): everything is react-router's, except <Link>, <NavLink> and <Routes>.
 *
 * A server render never runs their click handlers, prefetch effects or navigation hooks, yet react-router's Link
 * builds them all and resolves its target twice (two JSON round trips of the route matches, and for NavLink a URL
 * parse): about 0.45 M QuickJS instructions a link, 7.7 M of a /solution render (85.9 M then). These render the same
 * <a> as react-router 7.18 does (tests/unit/ssr-router.test.mjs holds them to it), and remember the href of an
 * absolute path. Any other target (relative, external, with a mask or a prefetch) goes to react-router's own
 * component.
 */
import { createElement, useContext, type Ref } from 'react';
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
  createPath,
  createRoutesFromChildren,
  matchRoutes,
  resolvePath,
  useLocation,
  useRoutes,
  type LinkProps,
  type NavLinkProps,
  type NavLinkRenderProps,
  type RouteObject,
  type RoutesProps,
} from 'react-router';

export * from 'react-router';

/** react-router's test for a URL with a scheme or a protocol-relative one (`//host`, `/\host`). */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

interface Resolved {
  /** What react-router's useHref gives with basename "/". */
  href: string;
  /** What NavLink compares with the location: the pathname as the URL parser writes it, lower-cased. */
  matchPathname: string;
}

/** Per target; bounded, though targets come from the app's own code. */
const resolvedTargets = new Map<string, Resolved>();
const RESOLVED_MAX = 500;

/** The target's resolution when only the target decides it: an absolute path, no basename. Else null. */
function resolveAbsolute(to: LinkProps['to'], basename: string): Resolved | null {
  if (typeof to !== 'string' || basename !== '/' || !to.startsWith('/') || ABSOLUTE_URL.test(to)) return null;
  let resolved = resolvedTargets.get(to);
  if (!resolved) {
    // react-router's resolveTo for an absolute pathname: resolvePath from "/", keeping an explicit trailing slash
    const path = resolvePath(to);
    const toPathname = to.replace(/[?#].*$/, '');
    if (toPathname !== '/' && toPathname.endsWith('/') && !path.pathname.endsWith('/')) path.pathname += '/';
    const href = createPath(path);
    // the static navigator's encodeLocation, as NavLink uses it
    const encoded = new URL(href.replace(/ $/, '%20'), 'http://localhost').pathname;
    resolved = { href, matchPathname: encoded.toLowerCase() };
    if (resolvedTargets.size >= RESOLVED_MAX) resolvedTargets.clear();
    resolvedTargets.set(to, resolved);
  }
  return resolved;
}

/** What a server render needs of a ref: nothing, but it travels with the props (React 19: a plain prop). */
type WithRef<P> = P & { ref?: Ref<HTMLAnchorElement> };

/** The props of `props` other than `own`, in their order. */
function without(props: object, own: ReadonlySet<string>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) if (!own.has(name)) rest[name] = value;
  return rest;
}

/** Link's own props: react-router's Link does not hand them to the <a>. */
const LINK_OWN = new Set([
  'onClick',
  'discover',
  'prefetch',
  'relative',
  'reloadDocument',
  'replace',
  'mask',
  'state',
  'target',
  'to',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
]);

export function Link(props: WithRef<LinkProps>) {
  const { basename } = useContext(NavigationContext);
  const resolved = props.mask || (props.prefetch ?? 'none') !== 'none' ? null : resolveAbsolute(props.to, basename);
  if (!resolved) return createElement(RouterLink, props);
  // the attributes in react-router's order; a server render writes no handler and no ref
  return createElement('a', {
    ...without(props, LINK_OWN),
    href: resolved.href,
    target: props.target,
    'data-discover': (props.discover ?? 'render') === 'render' ? 'true' : undefined,
  });
}

/** NavLink's own props: react-router's NavLink hands the rest to its Link. */
const NAV_LINK_OWN = new Set(['aria-current', 'caseSensitive', 'className', 'end', 'style', 'to', 'viewTransition', 'children']);

export function NavLink(props: WithRef<NavLinkProps>) {
  const location = useLocation();
  const routerState = useContext(DataRouterStateContext);
  const { basename } = useContext(NavigationContext);
  const resolved = routerState || props.caseSensitive || props.viewTransition ? null : resolveAbsolute(props.to, basename);
  if (!resolved) return createElement(RouterNavLink, props);
  // react-router's NavLink without a data router, case-insensitive
  const locationPathname = location.pathname.toLowerCase();
  const toPathname = resolved.matchPathname;
  const endSlashPosition = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!props.end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/');
  const renderProps: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  const { className = '', style, children } = props;
  return createElement(
    Link,
    {
      ...without(props, NAV_LINK_OWN),
      'aria-current': isActive ? (props['aria-current'] ?? 'page') : undefined,
      className: typeof className === 'function' ? className(renderProps) : [className, isActive ? 'active' : null].filter(Boolean).join(' '),
      style: typeof style === 'function' ? style(renderProps) : style,
      to: props.to,
      viewTransition: props.viewTransition,
    } as WithRef<LinkProps>,
    typeof children === 'function' ? children(renderProps) : children,
  );
}

/**
 * What a route tree's matching depends on (paths, index and case flags, nesting), unambiguous: each path is
 * length-prefixed.
 */
function routesShape(routes: readonly RouteObject[]): string {
  let shape = '';
  for (const route of routes) {
    const path = route.path ?? '';
    shape += `${route.index ? 'i' : ''}${route.caseSensitive ? 'c' : ''}${String(path.length)}:${path}`;
    shape += route.children?.length ? `(${routesShape(route.children)})` : ',';
  }
  return shape;
}

/** Per route tree shape and pathname: the child index of each matched route, top down; null when none matches. */
const matchedBranches = new Map<string, number[] | null>();
const MATCHED_MAX = 1000;

/** The tree cut down to the matched routes (copies along the way; the leaf as it is). */
function cutTo(routes: RouteObject[], branch: readonly number[], depth: number): RouteObject[] {
  const route = routes[branch[depth] ?? -1];
  if (!route) return routes;
  if (depth === branch.length - 1) return [route];
  return [{ ...route, children: cutTo(route.children ?? [], branch, depth + 1) } as RouteObject];
}

/**
 * react-router's <Routes>, except that useRoutes gets only the routes a path matched before in a tree of the same
 * shape. useRoutes flattens and ranks every route of the tree on each render (1.6 M instructions of a /solution
 * render, 4 M of a signed-in /map); the matched routes alone rank and match the same way, since ranking keeps the
 * order of routes of unequal depth. A descendant <Routes> or one given a location is left to react-router.
 */
export function Routes({ children, location }: RoutesProps) {
  const { matches: parentMatches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const routes = createRoutesFromChildren(children);
  let rendered = routes;
  if (location === undefined && parentMatches.length === 0) {
    const key = `${String(pathname.length)}:${pathname}${routesShape(routes)}`;
    let branch = matchedBranches.get(key);
    if (branch === undefined) {
      const matches = matchRoutes(routes, { pathname });
      branch = matches
        ? matches.map((m, i) => (i === 0 ? routes : (matches[i - 1]?.route.children ?? [])).indexOf(m.route))
        : null;
      if (matchedBranches.size >= MATCHED_MAX) matchedBranches.clear();
      matchedBranches.set(key, branch);
    }
    if (branch) rendered = cutTo(routes, branch, 0);
  }
  return useRoutes(rendered, location);
}
