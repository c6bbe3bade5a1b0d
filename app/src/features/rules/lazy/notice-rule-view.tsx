/**
 * colony/noticeRule (and colony/alarmRules): the acting enterprise's push rules — which alarm kinds from which level
 * reach whom, on which channels, outside which quiet hours — with batch enable/disable/delete and the dialogs that
 * pick a rule's vehicles, groups, vehicle tags and members.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { RowAction } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { orUndefined } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useBatchRules } from '../api/batch-rules';
import { getRules, type RuleListParams } from '../api/get-rules';
import { rulesKeys } from '../api/keys';
import { useSaveRule } from '../api/save-rule';
import { quietLabel, quietPayload } from '../model';
import { pushFields, type PushValues } from '../components/push-fields';
import { RULE_ASSIGNMENTS, RuleAssignDialog, assignedCount, type RuleAssignment } from '../components/rule-assign-dialog';
import { useAlarmLabels } from '../components/use-alarm-labels';
import type { Rule } from '../types';

interface RuleValues extends PushValues {
  name: string;
  minLevel: number | '';
  allVehicles: boolean;
  enabled: boolean;
}

const EMPTY: RuleValues = { name: '', minLevel: 1, channels: ['console'], kinds: [], allVehicles: true, enabled: true, quietFrom: '', quietTo: '' };

function toParams(v: SearchValues): RuleListParams {
  return { keyword: orUndefined(v.keyword), enabled: v.enabled === 'true' ? true : v.enabled === 'false' ? false : undefined };
}

export default function NoticeRuleView({ route }: MenuViewProps) {
  const { t } = useTranslation('rules');
  const { lang } = useApp();
  const can = useButtons();
  const labels = useAlarmLabels();
  const save = useSaveRule();
  const batch = useBatchRules();
  const [assigning, setAssigning] = useState<{ rule: Rule; what: RuleAssignment } | null>(null);

  return (
    <ResourceView<Rule, RuleListParams, RuleValues, number>
      title={menuTitle(route, lang)}
      description={t('rule.description')}
      testId="rules"
      queryKey={rulesKeys.rules}
      fetchPage={getRules}
      toParams={toParams}
      searchFields={[
        { name: 'keyword', label: t('rule.name') },
        { name: 'enabled', label: t('rule.state'), type: 'select', options: [{ value: 'true', label: t('rule.enabled') }, { value: 'false', label: t('rule.disabled') }] },
      ]}
      columns={[
        {
          key: 'name',
          header: t('rule.name'),
          primary: true,
          cell: (r) => (
            <span className="inline-flex flex-wrap items-center gap-2 font-medium">
              {r.name}
              <Badge tone={r.enabled ? 'green' : 'slate'}>{r.enabled ? t('rule.enabled') : t('rule.disabled')}</Badge>
            </span>
          ),
        },
        { key: 'kinds', header: t('field.kinds'), cell: (r) => labels.kindList(r.kinds, t('field.allKinds')), className: 'max-w-64' },
        { key: 'level', header: t('field.minLevel'), cell: (r) => labels.level(r.minLevel) },
        { key: 'channels', header: t('field.channels'), cell: (r) => r.channels.map((c) => t(`channel.${c}`)).join(t('separator')) },
        { key: 'vehicles', header: t('rule.vehicles'), cell: (r) => (r.allVehicles ? t('rule.allVehicles') : r.vehicleCount), align: 'right' },
        { key: 'members', header: t('rule.members'), cell: (r) => r.memberCount, align: 'right' },
        { key: 'quiet', header: t('field.quiet'), cell: (r) => quietLabel(r.quietFrom, r.quietTo) || t('quiet.none'), className: 'whitespace-nowrap' },
      ]}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.name}
      rowActions={(r) =>
        can('edit')
          ? RULE_ASSIGNMENTS.filter((what) => what === 'members' || !r.allVehicles).map((what) => (
              <RowAction key={what} onClick={() => { setAssigning({ rule: r, what }); }}>
                {t(`assign.${what}`, { count: assignedCount(r, what) })}
              </RowAction>
            ))
          : null
      }
      bulkActions={(ids, clear) =>
        can('edit')
          ? (['enable', 'disable'] as const).map((action) => (
              <Button key={action} variant="secondary" size="sm" onClick={() => void batch.mutateAsync({ ids, action }).then(clear, () => undefined)}>
                {t(`rule.${action}`)}
              </Button>
            ))
          : null
      }
      remove={(ids) => batch.mutateAsync({ ids, action: 'delete' })}
      form={{
        addLabel: t('rule.add'),
        editTitle: (r) => t('rule.editTitle', { name: r.name }),
        fields: [
          { name: 'name', label: t('rule.name'), type: 'text', required: true, maxLength: 64 },
          { name: 'minLevel', label: t('field.minLevel'), type: 'select', required: true, options: labels.levelOptions, hint: t('field.minLevelHint') },
          ...pushFields<RuleValues>(t, labels, true),
          { name: 'allVehicles', label: t('rule.allVehicles'), type: 'switch', hint: t('rule.allVehiclesHint') },
          { name: 'enabled', label: t('rule.enabled'), type: 'switch' },
        ],
        empty: EMPTY,
        fromRow: (r) => ({ name: r.name, minLevel: r.minLevel, channels: r.channels, kinds: r.kinds, allVehicles: r.allVehicles, enabled: r.enabled, quietFrom: r.quietFrom ?? '', quietTo: r.quietTo ?? '' }),
        save: (v, row) =>
          save.mutateAsync({
            ...(row ? { id: row.id } : {}),
            name: v.name.trim(),
            kinds: v.kinds,
            minLevel: Number(v.minLevel),
            channels: v.channels,
            allVehicles: v.allVehicles,
            enabled: v.enabled,
            ...quietPayload(v.quietFrom, v.quietTo),
          }),
      }}
    >
      {assigning ? <RuleAssignDialog rule={assigning.rule} what={assigning.what} onClose={() => { setAssigning(null); }} /> : null}
    </ResourceView>
  );
}
