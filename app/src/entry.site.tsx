/** Browser entry of the public site's pages (docs/ssr-contract.md, bundle `site`). */
import { hydrate } from '@/hydrate';
import { SITE_NAMESPACES } from '@/locales/load';
import { SiteApp } from '@/site-app';

void hydrate(SITE_NAMESPACES, (props) => <SiteApp {...props} />);
