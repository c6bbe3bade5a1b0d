/**
 * Enterprise settings (findTbEnterprise / updateTbEnterprise) and verification. Two menu keys: superAdmin/
 * enterpriseSettings/:id (any enterprise the caller sees) and colony/enterpriseSet (the acting enterprise, with what
 * its requests see).
 */
import { useTranslation } from 'react-i18next';

import { FormPanel } from '@/components/crud/form-panel';
import { Panel, ViewPage } from '@/components/crud/view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useEnterpriseDetail } from '../api/find-enterprise';
import { useJurisdiction } from '../api/get-jurisdiction';
import { useUpdateEnterprise } from '../api/update-enterprise';
import { enterprisePayload, enterpriseValues, useEnterpriseFields, type EnterpriseValues } from '../components/enterprise-fields';
import { InfoList } from '../components/info-list';
import { VerificationPanel } from '../components/verification-panel';

function Jurisdiction() {
  const { t } = useTranslation('enterprise');
  const juris = useJurisdiction();
  const j = juris.data;
  return (
    <Panel title={t('settings.jurisdiction')}>
      <div className="p-4">
        {juris.isError ? (
          <ErrorState onRetry={() => void juris.refetch()} />
        ) : !j ? (
          <LoadingState />
        ) : (
          <InfoList
            testId="jurisdiction"
            items={[
              [t('settings.acting'), j.entName],
              [t('settings.visible'), j.platform ? t('settings.allEnterprises') : String(j.visibleCount ?? '')],
              [t('settings.relationsGranted'), String(j.relations.granted)],
              [t('settings.relationsReceived'), String(j.relations.received)],
              [t('settings.relationsPending'), String(j.relations.pending)],
              [t('settings.coveredVehicles'), String(j.coveredVehicleCount)],
              [
                t('settings.supervisedClusters'),
                j.supervisedClusters.length ? (
                  <span key="c" className="flex flex-wrap gap-1">
                    {j.supervisedClusters.map((c) => (
                      <Badge key={c.id} tone="blue">
                        {c.name}
                      </Badge>
                    ))}
                  </span>
                ) : (
                  ''
                ),
              ],
            ]}
          />
        )}
      </div>
    </Panel>
  );
}

export default function EnterpriseSettingsView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const can = useButtons();
  const menuPath = useMenuPath();
  const own = params.id === undefined;
  const id = own ? null : Number(params.id);
  const valid = own || (Number.isInteger(id) && (id ?? 0) > 0);
  const detail = useEnterpriseDetail(id, valid);
  const update = useUpdateEnterprise();
  const fields = useEnterpriseFields();
  const e = detail.data;
  const back = own ? null : menuPath('enterpriseDetail', { id: id ?? 0 });
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      description={e?.entName}
      actions={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('settings.backToDetail')}
          </LinkButton>
        ) : null
      }
    >
      {detail.isError || !valid ? (
        <Panel className="p-5">
          <ErrorState message={t('detail.notFound')} onRetry={() => void detail.refetch()} />
        </Panel>
      ) : !e ? (
        <Panel className="p-5">
          <LoadingState />
        </Panel>
      ) : (
        <>
          <Panel title={t('settings.basics')}>
            <div className="p-4">
              <FormPanel<EnterpriseValues>
                key={`${e.entId}:${e.updatedAt}`}
                testId="enterprise-settings-form"
                label={t('settings.basics')}
                fields={fields}
                readOnly={!can('edit')}
                initialValues={enterpriseValues(e)}
                onSubmit={(v) => update.mutateAsync({ entId: e.entId, ...enterprisePayload(v, false) })}
              />
            </div>
          </Panel>
          <VerificationPanel ent={e} canEdit={can('edit')} />
          {own ? <Jurisdiction /> : null}
        </>
      )}
    </ViewPage>
  );
}
