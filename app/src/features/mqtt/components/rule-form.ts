/** The add/edit form of subscriptions and routes: values, fields (with the topic rules checked before sending), payload. */
import type { TFunction } from 'i18next';

import type { FieldDef } from '@/components/crud/form';
import type { MqttRuleInput, MqttRuleRow } from '@/lib/api-types';

export interface RuleValues {
  name: string;
  filter: string;
  target: string;
  qos: number;
  enabled: boolean;
}

export const EMPTY_RULE: RuleValues = { name: '', filter: '', target: '', qos: 0, enabled: true };

export function ruleValues(r: MqttRuleRow): RuleValues {
  return { name: r.name, filter: r.filter, target: r.target, qos: r.qos, enabled: r.enabled };
}

export function ruleInput(v: RuleValues, id?: number, route = false): MqttRuleInput {
  return { id: id ?? null, name: v.name.trim(), filter: v.filter.trim(), target: route ? v.target.trim() : null, qos: v.qos, enabled: v.enabled };
}

/** The wildcard rules of a topic filter (the server checks them too): `+` a whole level, `#` a whole last level. */
export function filterProblem(filter: string): 'hash' | 'plus' | null {
  const levels = filter.trim().split('/');
  for (const [i, level] of levels.entries()) {
    if (level.includes('#') && (level !== '#' || i !== levels.length - 1)) return 'hash';
    if (level.includes('+') && level !== '+') return 'plus';
  }
  return null;
}

export function ruleFields(t: TFunction<'mqtt'>, route: boolean): FieldDef<RuleValues>[] {
  const fields: FieldDef<RuleValues>[] = [
    { name: 'name', label: t('rule.name'), type: 'text', required: true, maxLength: 64 },
    {
      name: 'filter',
      label: t('rule.filter'),
      type: 'text',
      required: true,
      maxLength: 256,
      hint: t('rule.filterHint'),
      validate: (v) => (filterProblem(String(v)) === null ? null : t('rule.filterHint')),
    },
  ];
  if (route) {
    fields.push({
      name: 'target',
      label: t('rule.target'),
      type: 'text',
      required: true,
      maxLength: 256,
      hint: t('rule.targetHint'),
      validate: (v) => (/[+#]/.test(String(v)) ? t('publish.wildcard') : null),
    });
  }
  fields.push(
    { name: 'qos', label: t('rule.qos'), type: 'select', required: true, options: [{ value: 0, label: '0' }, { value: 1, label: '1' }] },
    { name: 'enabled', label: t('rule.enabled'), type: 'switch' },
  );
  return fields;
}
