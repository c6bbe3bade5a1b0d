/**
 * superAdmin/cooperativeEnterprise: relations with other enterprises (confirm, refuse, end, coverage), enterprise and
 * vehicle invitations sent and received, and the partnership dialog to start a new one.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { ListToolbar, Panel, ViewPage } from '@/components/crud/view';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useApp } from '@/lib/app-context';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { InvitationTable } from '../components/invitation-table';
import { PARTNERSHIP_INITIAL, usePartnershipForm, type PartnershipValues } from '../components/partnership-form';
import { RelationTable } from '../components/relation-table';

type Tab = 'relations' | 'invitations';

export default function CooperativeEnterpriseView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const can = useButtons();
  const [tab, setTab] = useState<Tab>('relations');
  const [open, setOpen] = useState(false);
  const partnership = usePartnershipForm();
  const title = menuTitle(route, lang);
  return (
    <ViewPage
      title={title}
      actions={
        <ListToolbar
          onAdd={
            can('add')
              ? () => {
                  setOpen(true);
                }
              : null
          }
          addLabel={t('partner.new')}
        />
      }
    >
      <Panel>
        <Tabs<Tab>
          idPrefix="coop"
          label={title}
          value={tab}
          onChange={setTab}
          className="px-2"
          tabs={[
            { id: 'relations', label: t('relation.title') },
            { id: 'invitations', label: t('invitation.title') },
          ]}
        />
        <TabPanel idPrefix="coop" id="relations" active={tab === 'relations'}>
          <RelationTable editable={can('edit')} />
        </TabPanel>
        <TabPanel idPrefix="coop" id="invitations" active={tab === 'invitations'}>
          <InvitationTable types={['enterprise', 'vehicle']} initialBox="all" testId="enterprise-invitations" />
        </TabPanel>
      </Panel>
      <FormDialog<PartnershipValues>
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        title={t('partner.new')}
        testId="partnership"
        fields={partnership.fields}
        initialValues={PARTNERSHIP_INITIAL}
        submitLabel={t('partner.send')}
        onSubmit={async (v) => {
          await partnership.submit(v);
          setTab(v.mode === 'relation' || v.mode === 'cooperation' ? 'relations' : 'invitations');
        }}
      />
    </ViewPage>
  );
}
