/**
 * colony/memberPush: the enterprise's members with their push settings (on/off, channels, kinds, quiet hours, how
 * many rules reach them); an admin edits anyone's, and pushes an ad-hoc notice to one member or the selected ones.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { RowAction } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { maskPhone, orUndefined } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { getRuleMembers, type RuleMemberParams } from '../api/get-rule-members';
import { rulesKeys } from '../api/keys';
import { useSetMemberPush } from '../api/set-member-push';
import { quietLabel, quietPayload } from '../model';
import { pushFields, type PushValues } from '../components/push-fields';
import { PushNoticeDialog } from '../components/push-notice-dialog';
import { useAlarmLabels } from '../components/use-alarm-labels';
import type { RuleMember } from '../types';

interface MemberValues extends PushValues {
  pushEnabled: boolean;
}

export default function MemberPushView({ route }: MenuViewProps) {
  const { t } = useTranslation('rules');
  const { lang } = useApp();
  const can = useButtons();
  const labels = useAlarmLabels();
  const setPush = useSetMemberPush();
  const [notice, setNotice] = useState<{ memberIds: number[]; to: string } | null>(null);

  return (
    <ResourceView<RuleMember, RuleMemberParams, MemberValues, number>
      title={menuTitle(route, lang)}
      description={t('member.description')}
      testId="member-push"
      queryKey={rulesKeys.members}
      fetchPage={getRuleMembers}
      toParams={(v: SearchValues) => ({ keyword: orUndefined(v.keyword) })}
      searchFields={[{ name: 'keyword', label: t('member.keyword') }]}
      columns={[
        {
          key: 'name',
          header: t('member.name'),
          primary: true,
          cell: (m) => <span className="font-medium">{m.nickName}</span>,
        },
        { key: 'phone', header: t('member.phone'), cell: (m) => maskPhone(m.phone) },
        { key: 'role', header: t('member.role'), cell: (m) => m.roleName },
        { key: 'push', header: t('member.push'), cell: (m) => <Badge tone={m.pushEnabled ? 'green' : 'slate'}>{m.pushEnabled ? t('member.pushOn') : t('member.pushOff')}</Badge> },
        { key: 'channels', header: t('field.channels'), cell: (m) => m.channels.map((c) => t(`channel.${c}`)).join(t('separator')) },
        { key: 'kinds', header: t('field.kinds'), cell: (m) => labels.kindList(m.kinds, t('field.allKinds')), className: 'max-w-64' },
        { key: 'quiet', header: t('field.quiet'), cell: (m) => quietLabel(m.quietFrom, m.quietTo) || t('quiet.none'), className: 'whitespace-nowrap' },
        { key: 'rules', header: t('member.rules'), cell: (m) => m.ruleCount, align: 'right' },
      ]}
      rowKey={(m) => m.userId}
      rowLabel={(m) => m.nickName}
      rowActions={(m) => (can('add') ? <RowAction onClick={() => { setNotice({ memberIds: [m.userId], to: m.nickName }); }}>{t('push.title')}</RowAction> : null)}
      bulkActions={(ids) =>
        can('add') ? (
          <Button variant="secondary" size="sm" onClick={() => { setNotice({ memberIds: ids, to: t('push.selectedCount', { count: ids.length }) }); }}>
            {t('push.toSelected')}
          </Button>
        ) : null
      }
      form={{
        editTitle: (m) => t('member.editTitle', { name: m.nickName }),
        fields: [{ name: 'pushEnabled', label: t('member.push'), type: 'switch' }, ...pushFields<MemberValues>(t, labels, false)],
        empty: { pushEnabled: true, channels: ['console'], kinds: [], quietFrom: '', quietTo: '' },
        fromRow: (m) => ({ pushEnabled: m.pushEnabled, channels: m.channels, kinds: m.kinds, quietFrom: m.quietFrom ?? '', quietTo: m.quietTo ?? '' }),
        // members are only edited here (no addLabel: no Add button), so there is always a row
        save: async (v, row) => {
          if (row) await setPush.mutateAsync({ userId: row.userId, pushEnabled: v.pushEnabled, channels: v.channels, kinds: v.kinds, ...quietPayload(v.quietFrom, v.quietTo) });
        },
      }}
    >
      {notice ? (
        <PushNoticeDialog
          memberIds={notice.memberIds}
          to={notice.to}
          onClose={() => {
            setNotice(null);
          }}
        />
      ) : null}
    </ResourceView>
  );
}
