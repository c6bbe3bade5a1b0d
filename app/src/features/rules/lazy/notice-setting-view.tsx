/**
 * colony/noticeSetting: the signed-in member's own push settings (on/off, channels, kinds, quiet hours), saved with
 * setUser on themselves. The current values are the member's row of memberList (found by their name and id); a
 * member without a row yet starts from the defaults (on, console, every kind).
 */
import { useTranslation } from 'react-i18next';

import { FormPanel } from '@/components/crud/form-panel';
import { Panel, ViewPage } from '@/components/crud/view';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useRuleMemberSearch } from '../api/get-rule-members';
import { useSetMemberPush } from '../api/set-member-push';
import { quietPayload } from '../model';
import { pushFields, type PushValues } from '../components/push-fields';
import { useAlarmLabels } from '../components/use-alarm-labels';

interface SelfValues extends PushValues {
  pushEnabled: boolean;
}

export default function NoticeSettingView({ route }: MenuViewProps) {
  const { t } = useTranslation('rules');
  const { lang, user } = useApp();
  const can = useButtons();
  const labels = useAlarmLabels();
  const setPush = useSetMemberPush();
  const me = typeof user?.ID === 'number' ? user.ID : user?.id;
  const name = user?.nickName ?? user?.userName ?? '';
  const search = useRuleMemberSearch(name, me !== undefined);
  const row = search.data?.list.find((m) => m.userId === me) ?? null;

  return (
    <ViewPage title={menuTitle(route, lang)} description={t('self.description')}>
      <Panel className="p-4">
        {search.isError ? (
          <ErrorState onRetry={() => void search.refetch()} />
        ) : !search.data || me === undefined ? (
          <LoadingState />
        ) : (
          <FormPanel<SelfValues>
            key={row ? JSON.stringify(row) : 'defaults'}
            testId="notice-setting"
            label={t('self.label')}
            readOnly={!can('edit')}
            fields={[{ name: 'pushEnabled', label: t('member.push'), type: 'switch' }, ...pushFields<SelfValues>(t, labels, false)]}
            initialValues={
              row
                ? { pushEnabled: row.pushEnabled, channels: row.channels, kinds: row.kinds, quietFrom: row.quietFrom ?? '', quietTo: row.quietTo ?? '' }
                : { pushEnabled: true, channels: ['console'], kinds: [], quietFrom: '', quietTo: '' }
            }
            onSubmit={(v) => setPush.mutateAsync({ userId: me, pushEnabled: v.pushEnabled, channels: v.channels, kinds: v.kinds, ...quietPayload(v.quietFrom, v.quietTo) })}
          />
        )}
      </Panel>
    </ViewPage>
  );
}
