/**
 * A new branch of a node (`workSetting/condition`, the node's branches with this one added): when a value compares
 * by eq, ne, gt, lt, in (a list) or filled, the order goes on to a later node instead of the next. The values
 * compared are the order's form values and the fields of its steps, so the known field keys are suggested.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, SelectInput, TextInput } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import type { Branch, Node } from '@/lib/api-types';
import { ApiError } from '@/lib/query';
import { useSaveBranches } from '../api/save-branches';
import { BRANCH_FIELD_MAX, BRANCH_OPS, branchValue, charCount } from '../flow-model';

type Part = 'field' | 'op' | 'value' | 'nextNodeId';

export function BranchDialog({ nodes, index, onClose }: { nodes: readonly Node[]; index: number; onClose: () => void }) {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  const base = useId();
  const save = useSaveBranches();
  const node = nodes[index];
  const later = nodes.slice(index + 1);
  const [field, setField] = useState('');
  const [op, setOp] = useState<string>('eq');
  const [value, setValue] = useState('');
  const [target, setTarget] = useState<number | null>(later.length > 1 ? (later[1]?.id ?? null) : (later[0]?.id ?? null));
  const [errors, setErrors] = useState<Partial<Record<Part, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const formId = `${base}-form`;
  const errorId = (part: Part) => `${base}-${part}-error`;
  const invalid = (part: Part) => (errors[part] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(part) } : {});
  const known = [...new Set(nodes.slice(0, index + 1).flatMap((n) => n.fields.map((f) => f.key)))];

  if (!node) return null;

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found: Partial<Record<Part, string>> = {};
    const key = field.trim();
    if (key === '') found.field = tc('validation.required', { label: t('flow.branch.field') });
    else if (charCount(key) > BRANCH_FIELD_MAX) found.field = tc('validation.maxLength', { n: BRANCH_FIELD_MAX });
    const v = branchValue(op, value);
    if (op !== 'filled' && (v === '' || (Array.isArray(v) && v.length === 0))) found.value = tc('validation.required', { label: t('flow.branch.value') });
    if (target === null) found.nextNodeId = tc('validation.required', { label: t('flow.branch.target') });
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length > 0 || target === null) return;
    const added: Branch = { field: key, op, value: v, nextNodeId: target };
    const at = node.conditions.length;
    try {
      await save.mutateAsync({ nodeId: node.id, conditions: [...node.conditions, added] });
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const prefix = `conditions[${String(at)}].`;
      const part = err.field?.startsWith(prefix) ? err.field.slice(prefix.length) : null;
      if (part === 'field' || part === 'op' || part === 'value' || part === 'nextNodeId') setErrors({ [part]: err.message });
      else setGeneral(err.message);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title={t('flow.branch.addTitle', { name: node.name })}
      description={t('flow.branch.hint')}
      testId="flow-branch-form"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{tc('cancel')}</Button>
          <Button type="submit" form={formId} variant="accent" disabled={save.isPending} data-testid="flow-branch-save">
            {save.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {tc('save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="grid gap-4" onSubmit={(e) => void submit(e)}>
        {general ? <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-700">{general}</p> : null}
        <Field label={t('flow.branch.field')} htmlFor={`${base}-field`} required hint={t('flow.branch.fieldHint')} error={errors.field ?? null} errorId={errorId('field')}>
          <TextInput id={`${base}-field`} list={`${base}-keys`} value={field} maxLength={BRANCH_FIELD_MAX} aria-required {...invalid('field')} onChange={(e) => { setField(e.target.value); }} />
          <datalist id={`${base}-keys`}>
            {known.map((k) => <option key={k} value={k} />)}
          </datalist>
        </Field>
        <Field label={t('flow.branch.op')} htmlFor={`${base}-op`} error={errors.op ?? null} errorId={errorId('op')}>
          <SelectInput id={`${base}-op`} value={op} {...invalid('op')} onChange={(e) => { setOp(e.target.value); }}>
            {BRANCH_OPS.map((o) => <option key={o} value={o}>{t(`flow.op.${o}`)}</option>)}
          </SelectInput>
        </Field>
        {op === 'filled' ? null : (
          <Field label={t('flow.branch.value')} htmlFor={`${base}-value`} required hint={op === 'in' ? t('flow.branch.listHint') : undefined} error={errors.value ?? null} errorId={errorId('value')}>
            <TextInput id={`${base}-value`} value={value} maxLength={500} aria-required {...invalid('value')} onChange={(e) => { setValue(e.target.value); }} />
          </Field>
        )}
        <Field label={t('flow.branch.target')} htmlFor={`${base}-target`} required error={errors.nextNodeId ?? null} errorId={errorId('nextNodeId')}>
          <SelectInput id={`${base}-target`} value={target === null ? '' : String(target)} aria-required {...invalid('nextNodeId')} onChange={(e) => { setTarget(e.target.value === '' ? null : Number(e.target.value)); }}>
            <option value="">{tc('select')}</option>
            {later.map((n) => (
              <option key={n.id} value={n.id}>{`${String(nodes.indexOf(n) + 1)}. ${n.name}`}</option>
            ))}
          </SelectInput>
        </Field>
      </form>
    </Dialog>
  );
}
