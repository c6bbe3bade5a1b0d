/** superAdmin/enterpriseDetail/:id: one enterprise in full — its place in the tree, settings, clusters, verification. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Panel, ViewPage } from '@/components/crud/view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon, EditIcon } from '@/components/ui/icons';
import { Badge, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime, maskPhone } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useEnterpriseDetail } from '../api/find-enterprise';
import { useEnumLabels, VerifyBadge } from '../components/badges';
import { EnterpriseTree } from '../components/enterprise-tree';
import { InfoList } from '../components/info-list';
import { VerificationPanel } from '../components/verification-panel';

export default function EnterpriseDetailView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const can = useButtons();
  const menuPath = useMenuPath();
  const labels = useEnumLabels();
  const id = Number(params.id);
  const detail = useEnterpriseDetail(Number.isInteger(id) && id > 0 ? id : null, Number.isInteger(id) && id > 0);
  const back = menuPath('enterpriseList');
  const settings = menuPath('enterpriseSettings', { id });
  const e = detail.data;
  return (
    <ViewPage
      title={e ? e.entName : menuTitle(route, lang)}
      description={e ? menuTitle(route, lang) : undefined}
      actions={
        <>
          {back ? (
            <LinkButton to={back} variant="secondary" size="sm">
              <ChevronLeftIcon className="size-4" />
              {t('detail.backToList')}
            </LinkButton>
          ) : null}
          {settings && e ? (
            <LinkButton to={settings} variant="accent" size="sm">
              <EditIcon className="size-4" />
              {t('list.settings')}
            </LinkButton>
          ) : null}
        </>
      }
    >
      {detail.isError ? (
        <Panel className="p-5">
          <ErrorState message={t('detail.notFound')} onRetry={() => void detail.refetch()} />
        </Panel>
      ) : !e ? (
        <Panel className="p-5">
          <LoadingState />
        </Panel>
      ) : (
        <>
          <Panel title={t('detail.overview')}>
            <div className="space-y-4 p-4" data-testid="enterprise-detail">
              <nav aria-label={t('detail.ancestors')} className="text-sm text-slate-500">
                {e.parent.length === 0 ? (
                  t('fields.topLevel')
                ) : (
                  <ol className="flex flex-wrap items-center gap-1">
                    {e.parent.map((p) => {
                      const to = menuPath('enterpriseDetail', { id: p.id });
                      return (
                        <li key={p.id} className="after:ml-1 after:text-slate-300 after:content-['/']">
                          {to ? (
                            <Link to={to} className="text-accent hover:underline">
                              {p.ent_name}
                            </Link>
                          ) : (
                            p.ent_name
                          )}
                        </li>
                      );
                    })}
                    <li aria-current="page" className="font-medium text-slate-800">
                      {e.entName}
                    </li>
                  </ol>
                )}
              </nav>
              <InfoList
                items={[
                  [t('fields.entAbbreviation'), e.entAbbreviation],
                  [t('fields.type'), labels.entType(e.type)],
                  [t('fields.verifyState'), <VerifyBadge key="v" state={e.verifyState} />],
                  [t('fields.level'), String(e.level)],
                  [t('fields.dockingPlatform'), e.dockingName],
                  [t('fields.wheelSupport'), labels.wheelSupport(e.wheelSupport)],
                  [t('fields.contact'), e.contact],
                  [t('fields.phone'), maskPhone(e.phone)],
                  [t('fields.address'), e.address],
                  [t('detail.memberCount'), String(e.memberCount)],
                  [t('detail.childCount'), String(e.childCount)],
                  [t('fields.enableGroup'), e.enable_group ? t('common.yes') : t('common.no')],
                  [
                    t('detail.clusters'),
                    e.clusters.length ? (
                      <span key="c" className="flex flex-wrap gap-1">
                        {e.clusters.map((c) => {
                          const to = menuPath('clusterDetail', { id: c.id });
                          return to ? (
                            <Link key={c.id} to={to} className="hover:underline">
                              <Badge tone="blue">{c.name}</Badge>
                            </Link>
                          ) : (
                            <Badge key={c.id} tone="blue">
                              {c.name}
                            </Badge>
                          );
                        })}
                      </span>
                    ) : (
                      ''
                    ),
                  ],
                  [t('fields.createdAt'), formatDateTime(e.createdAt)],
                  [t('fields.updatedAt'), formatDateTime(e.updatedAt)],
                ]}
              />
            </div>
          </Panel>
          <Panel title={t('detail.children')}>
            <div className="p-3">
              {e.ent_list.length === 0 ? (
                <EmptyState title={t('detail.noChildren')} />
              ) : (
                <EnterpriseTree nodes={e.ent_list} label={t('detail.children')} hrefOf={(childId) => menuPath('enterpriseDetail', { id: childId })} />
              )}
            </div>
          </Panel>
          <VerificationPanel ent={e} canEdit={can('edit')} />
        </>
      )}
    </ViewPage>
  );
}
