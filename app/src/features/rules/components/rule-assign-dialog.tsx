/** The four "who and what" dialogs of a push rule: its vehicles, groups, vehicle tags and members. */
import { useTranslation } from 'react-i18next';

import type { PageCall } from '@/lib/calls';
import { maskPhone } from '@/lib/format';
import { getTags, type TagKind, type TagRow } from '@/features/devices';
import { getGroups } from '@/features/enterprise';
import { VehicleAssignDialog } from '@/features/vehicles';
import { rulesKeys } from '../api/keys';
import { getRuleMembers } from '../api/get-rule-members';
import { useSetRuleGroups } from '../api/set-rule-groups';
import { useSetRuleMembers } from '../api/set-rule-members';
import { useSetRuleTags } from '../api/set-rule-tags';
import { useSetRuleVehicles } from '../api/set-rule-vehicles';
import type { Rule } from '../types';
import { AssignDialog } from '@/components/crud/assign-dialog';

/** Tags that vehicles carry (docs/push.md: kinds vehicle and label). */
const VEHICLE_TAG_KINDS: readonly TagKind[] = ['vehicle', 'label'];

/** /tag/list answers every match at once: narrowed to vehicle tags and paged here. */
const vehicleTags: PageCall<{ keyword?: string }, TagRow> = async ({ keyword, page, pageSize }, signal) => {
  const all = (await getTags({ keyword, page: 1, pageSize }, signal)).list.filter((g) => VEHICLE_TAG_KINDS.includes(g.kind));
  return { list: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
};

export type RuleAssignment = 'vehicles' | 'groups' | 'tags' | 'members';
export const RULE_ASSIGNMENTS: readonly RuleAssignment[] = ['vehicles', 'groups', 'tags', 'members'];

/** How many of each a rule has (the row's counters). */
export function assignedCount(rule: Rule, what: RuleAssignment): number {
  switch (what) {
    case 'vehicles':
      return rule.vehicleIds.length;
    case 'groups':
      return rule.groupIds.length;
    case 'tags':
      return rule.tagIds.length;
    case 'members':
      return rule.memberIds.length;
  }
}

export function RuleAssignDialog({ rule, what, onClose }: { rule: Rule; what: RuleAssignment; onClose: () => void }) {
  const { t } = useTranslation('rules');
  const setVehicles = useSetRuleVehicles();
  const setGroups = useSetRuleGroups();
  const setTags = useSetRuleTags();
  const setMembers = useSetRuleMembers();
  const common = { title: t(`assign.${what}Title`, { name: rule.name }), testId: `rule-${what}`, onClose };
  switch (what) {
    case 'vehicles':
      return (
        <VehicleAssignDialog
          {...common}
          queryKey={[...rulesKeys.rules, 'pick-vehicles']}
          initial={rule.vehicleIds}
          onSave={(vehicleIds) => setVehicles.mutateAsync({ id: rule.id, vehicleIds })}
        />
      );
    case 'groups':
      return (
        <AssignDialog
          {...common}
          queryKey={[...rulesKeys.rules, 'pick-groups']}
          fetchPage={getGroups}
          toOption={(g) => ({ id: g.ID, label: g.name, hint: t('assign.vehicleCount', { count: g.vehicleCount }) })}
          initial={rule.groupIds}
          onSave={(groupIds) => setGroups.mutateAsync({ id: rule.id, groupIds })}
        />
      );
    case 'tags':
      return (
        <AssignDialog
          {...common}
          queryKey={[...rulesKeys.rules, 'pick-tags']}
          fetchPage={vehicleTags}
          toOption={(g) => ({ id: g.id, label: g.name, hint: t('assign.vehicleCount', { count: g.vehicles }) })}
          initial={rule.tagIds}
          onSave={(tagIds) => setTags.mutateAsync({ id: rule.id, tagIds })}
        />
      );
    case 'members':
      return (
        <AssignDialog
          {...common}
          queryKey={[...rulesKeys.members, 'pick']}
          fetchPage={getRuleMembers}
          toOption={(m) => ({ id: m.userId, label: m.nickName, hint: maskPhone(m.phone) })}
          initial={rule.memberIds}
          onSave={(memberIds) => setMembers.mutateAsync({ id: rule.id, memberIds })}
        />
      );
  }
}
