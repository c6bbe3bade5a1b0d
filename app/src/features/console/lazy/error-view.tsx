/**
 * error/index (出错了): the in-console error page. What failed comes in the URL (`?code=&message=&from=`, each
 * optional); without them it says that something went wrong without details. Back (to `from` or history), home (the
 * map) and reload (the page that failed, else this one).
 */
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { Panel, ViewPage } from '@/components/crud/view';
import { Button, LinkButton } from '@/components/ui/button';
import { AlertIcon, MapIcon, RefreshIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { paths } from '@/lib/paths';

/** Only a path of this site (not `//host` or a scheme): the page never sends anyone elsewhere. */
function localPath(value: string | null): string | null {
  return value && /^\/(?![/\\])/.test(value) ? value : null;
}

const MAX = 500;

export default function ErrorView({ route }: MenuViewProps) {
  const { t } = useTranslation('pieces');
  const { lang } = useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim().slice(0, 40) ?? '';
  const message = params.get('message')?.trim().slice(0, MAX) ?? '';
  const from = localPath(params.get('from'));
  const detailed = code !== '' || message !== '';
  return (
    <ViewPage title={menuTitle(route, lang)}>
      <Panel className="mx-auto max-w-xl">
        <section className="flex flex-col items-center px-6 py-10 text-center" data-testid="error-page">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-500">
            <AlertIcon className="size-7" />
          </span>
          <h3 className="mt-5 text-xl font-semibold text-slate-900">{t('error.heading')}</h3>
          {detailed ? (
            <dl className="mt-4 grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-left text-sm">
              {code ? (
                <>
                  <dt className="text-slate-500">{t('error.code')}</dt>
                  <dd className="font-mono text-slate-900" data-testid="error-code">{code}</dd>
                </>
              ) : null}
              {message ? (
                <>
                  <dt className="text-slate-500">{t('error.message')}</dt>
                  <dd className="break-words text-slate-900" data-testid="error-message">{message}</dd>
                </>
              ) : null}
              {from ? (
                <>
                  <dt className="text-slate-500">{t('error.from')}</dt>
                  <dd className="font-mono break-all text-slate-700" data-testid="error-from">{from}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p className="mt-3 text-sm leading-6 text-slate-600" data-testid="error-generic">{t('error.generic')}</p>
          )}
          <div className="mt-8 flex flex-wrap justify-center gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                if (from) void navigate(from);
                else void navigate(-1);
              }}
            >
              {t('error.back')}
            </Button>
            <LinkButton to={paths.map} variant="secondary">
              <MapIcon className="size-4" />
              {t('error.home')}
            </LinkButton>
            <Button
              onClick={() => {
                if (from) window.location.assign(from);
                else window.location.reload();
              }}
            >
              <RefreshIcon className="size-4" />
              {t('error.reload')}
            </Button>
          </div>
        </section>
      </Panel>
    </ViewPage>
  );
}
