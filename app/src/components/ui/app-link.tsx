/**
 * react-router's Link and NavLink for any path of the app: a page the current client bundle does not carry (the
 * console, seen from the public site) opens as a new document instead of a client-side navigation.
 */
import { Link, NavLink, type LinkProps, type NavLinkProps, type To } from 'react-router';

import { useApp } from '@/lib/app-context';
import { bundleRenders } from '@/lib/routes';
import { splitUrl } from '@/lib/state';

function useOpensDocument(to: To): boolean {
  const { bundle } = useApp();
  const pathname = typeof to === 'string' ? splitUrl(to).pathname : to.pathname;
  // a link without a path (only a query or a hash) stays on this page
  return pathname !== undefined && pathname !== '' && !bundleRenders(bundle, pathname);
}

export function AppLink({ reloadDocument, ...rest }: LinkProps) {
  const opensDocument = useOpensDocument(rest.to);
  return <Link reloadDocument={reloadDocument ?? opensDocument} {...rest} />;
}

export function AppNavLink({ reloadDocument, ...rest }: NavLinkProps) {
  const opensDocument = useOpensDocument(rest.to);
  return <NavLink reloadDocument={reloadDocument ?? opensDocument} {...rest} />;
}
