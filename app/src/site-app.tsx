/**
 * The public site's React tree, hydrated by the `site` bundle (docs/ssr-contract.md): /solution, /truck, /saloon,
 * /about, the articles, /install, /cancellation, the share pages (vehicle and discussion), /login and the 404, without the console, its data and realtime layers. Links into
 * the console load it as a new document.
 */
import { Route, Routes } from 'react-router';

import { AppShell, type AppProps } from '@/app-shell';
import { SiteLayout } from '@/components/layout/site-layout';
import { SiteGuard } from '@/features/site';
import { paths, patterns } from '@/lib/paths';
import { AboutRoute } from '@/routes/about';
import { ArticleRoute } from '@/routes/article';
import { CancellationRoute } from '@/routes/cancellation';
import { DiscussionInfoRoute } from '@/routes/discussion-info';
import { InstallRoute } from '@/routes/install';
import { LoginRoute } from '@/routes/login';
import { MessageInfoRoute } from '@/routes/message-info';
import { NotFoundRoute } from '@/routes/not-found';
import { SolutionRoute } from '@/routes/solution';
import { SaloonRoute } from '@/routes/saloon';
import { TruckRoute } from '@/routes/truck';

/** The pages inside the site's header and footer; the console's tree has them too. */
export const SITE_PAGES = (
  <>
    <Route path={paths.solution} element={<SolutionRoute />} />
    <Route path={paths.about} element={<AboutRoute />} />
    <Route path={paths.notFound} element={<NotFoundRoute />} />
    <Route path={patterns.messageInfo} element={<MessageInfoRoute />} />
    <Route path={patterns.discussionsInfo} element={<DiscussionInfoRoute />} />
    <Route path={paths.truck} element={<TruckRoute />} />
    <Route path={paths.saloon} element={<SaloonRoute />} />
    <Route path={paths.install} element={<InstallRoute />} />
    <Route path={paths.cancellation} element={<CancellationRoute />} />
    <Route path={patterns.article} element={<ArticleRoute />} />
  </>
);

export function SiteApp(props: AppProps) {
  return (
    <AppShell {...props} bundle="site">
      <SiteGuard>
        <Routes>
          <Route path={paths.login} element={<LoginRoute />} />
          <Route element={<SiteLayout />}>
            {SITE_PAGES}
            {/* unknown paths of someone without a token (with one, they may be menu routes: the console's) */}
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
        </Routes>
      </SiteGuard>
    </AppShell>
  );
}
