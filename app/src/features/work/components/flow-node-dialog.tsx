/**
 * One flow node's content: name, state (only those the neighbours allow), who acts (requester, assignee, an
 * administrator or a named member), the fields it asks (the type-template field kinds, edited like a template) and
 * the functions it offers and requires (`workSetting/fun_search`, in the page's language). The caller sends it:
 * `workSetting/update_node` for a node that exists, `flow/save` for one inserted. A refusal naming a part of the
 * node (`node.name`, `nodes[2].fields[0].key`) lands under that part.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, Field, SelectInput, TextInput } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { NodeAssignee, TemplateField } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { ApiError } from '@/lib/query';
import { useFunctions } from '../api/get-functions';
import { ASSIGNEE_ROLES, NAME_MAX, assigneeChoice, charCount, assigneeValue, nodePartOf, toggleFunction, type AssigneeChoice } from '../flow-model';
import { useWorkLabels } from './badges';
import { FieldList } from './template-editor';
import { UserPicker } from './user-picker';

/** What a node asks and who acts there (a node without its branches, which have their own calls). */
export interface NodeContent {
  name: string;
  state: number;
  assignee: NodeAssignee;
  fields: TemplateField[];
  functions: string[];
  required: string[];
}

type Part = 'name' | 'state' | 'assignee' | 'fields' | 'functions';

/** The dialog part a refused node path belongs to (`fields[0].key` → fields; `required[1]` → functions). */
function partOf(path: string | null): Part | null {
  const head = path?.split(/[.[]/)[0];
  if (head === 'required') return 'functions';
  return head === 'name' || head === 'state' || head === 'assignee' || head === 'fields' || head === 'functions' ? head : null;
}

interface NodeDialogProps {
  title: string;
  initial: NodeContent;
  /** The states this node may take between its neighbours. */
  states: readonly number[];
  /** Its place in the flow (for refusals naming `nodes[i]…`). */
  index: number;
  /** The named member's name, when the node has one. */
  userName?: string;
  /** The flow rules on the flow with this node in place: the first broken one (its field as the server names it). */
  check?: (node: NodeContent) => { field: string; message: string } | null;
  onSubmit: (node: NodeContent) => Promise<unknown>;
  onClose: () => void;
  testId?: string;
}

export function NodeDialog({ title, initial, states, index, userName, check, onSubmit, onClose, testId = 'flow-node-form' }: NodeDialogProps) {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  const labels = useWorkLabels();
  const base = useId();
  const [name, setName] = useState(initial.name);
  const [state, setState] = useState(initial.state);
  const [who, setWho] = useState<AssigneeChoice>(assigneeChoice(initial.assignee));
  const [fields, setFields] = useState<TemplateField[]>(initial.fields);
  const [offer, setOffer] = useState({ functions: initial.functions, required: initial.required });
  const [errors, setErrors] = useState<Partial<Record<Part, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = `${base}-form`;
  const errorId = (part: Part) => `${base}-${part}-error`;
  const invalid = (part: Part) => (errors[part] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(part) } : {});

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found: Partial<Record<Part, string>> = {};
    const trimmed = name.trim();
    if (trimmed === '') found.name = tc('validation.required', { label: t('flow.node.name') });
    else if (charCount(trimmed) > NAME_MAX) found.name = tc('validation.maxLength', { n: NAME_MAX });
    const assignee = assigneeValue(who);
    if (assignee === null) found.assignee = t('flow.node.pickUser');
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length > 0 || assignee === null) return;
    const node = { name: trimmed, state, assignee, fields, functions: offer.functions, required: offer.required };
    const broken = check?.(node) ?? null;
    if (broken) {
      show(broken.field, broken.message);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(node);
      onClose();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError) show(err.field, err.message);
    }
  };

  /** A problem under the part of the node it names, else above the form. */
  const show = (field: string | undefined, message: string) => {
    const part = partOf(nodePartOf(field, index));
    if (part) setErrors({ [part]: message });
    else setGeneral(message);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title={title}
      testId={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{tc('cancel')}</Button>
          <Button type="submit" form={formId} variant="accent" disabled={busy} data-testid="flow-node-save">
            {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {tc('save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="space-y-5" onSubmit={(e) => void submit(e)}>
        {general ? <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-700">{general}</p> : null}
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={t('flow.node.name')} htmlFor={`${base}-name`} required error={errors.name ?? null} errorId={errorId('name')}>
            <TextInput id={`${base}-name`} value={name} maxLength={NAME_MAX} aria-required {...invalid('name')} onChange={(e) => { setName(e.target.value); }} />
          </Field>
          <Field label={t('flow.node.state')} htmlFor={`${base}-state`} hint={t('flow.node.stateHint')} error={errors.state ?? null} errorId={errorId('state')}>
            <SelectInput id={`${base}-state`} value={String(state)} disabled={states.length <= 1} {...invalid('state')} onChange={(e) => { setState(Number(e.target.value)); }}>
              {(states.includes(state) ? states : [state, ...states]).map((s) => (
                <option key={s} value={s}>{labels.state(s)}</option>
              ))}
            </SelectInput>
          </Field>
          <Field label={t('flow.node.assignee')} htmlFor={`${base}-who`} error={errors.assignee ?? null} errorId={errorId('assignee')} className="md:col-span-2">
            <div className="flex flex-col gap-2 md:flex-row">
              <SelectInput
                id={`${base}-who`}
                value={who.kind}
                className="md:w-72"
                {...invalid('assignee')}
                onChange={(e) => {
                  const kind = e.target.value;
                  setWho(kind === 'user' ? { kind: 'user', userId: null } : assigneeChoice(kind));
                }}
              >
                {ASSIGNEE_ROLES.map((r) => <option key={r} value={r}>{t(`flow.assignee.${r}`)}</option>)}
                <option value="user">{t('flow.assignee.user')}</option>
              </SelectInput>
              {who.kind === 'user' ? (
                <div className="min-w-0 flex-1">
                  <UserPicker
                    id={`${base}-user`}
                    value={who.userId}
                    currentName={userName}
                    invalid={Boolean(errors.assignee)}
                    describedBy={errors.assignee ? errorId('assignee') : undefined}
                    onChange={(userId) => { setWho({ kind: 'user', userId }); }}
                    testId="flow-node-user"
                  />
                </div>
              ) : null}
            </div>
          </Field>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t('flow.node.fields')}</legend>
          <p className="text-xs text-slate-500">{t('flow.node.fieldsHint')}</p>
          <FieldList value={fields} onChange={setFields} readOnly={false} testId="flow-node-fields" />
          {errors.fields ? <p id={errorId('fields')} role="alert" className="text-xs text-red-600">{errors.fields}</p> : null}
        </fieldset>
        <FunctionPicker value={offer} onChange={setOffer} error={errors.functions ?? null} errorId={errorId('functions')} />
      </form>
    </Dialog>
  );
}

/** The functions a node offers, and which of them must be done before it is left. */
function FunctionPicker({ value, onChange, error, errorId }: { value: { functions: string[]; required: string[] }; onChange: (v: { functions: string[]; required: string[] }) => void; error: string | null; errorId: string }) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const functions = useFunctions({});
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t('flow.node.functions')}</legend>
      <p className="text-xs text-slate-500">{t('flow.node.functionsHint')}</p>
      {functions.isPending ? (
        <LoadingState />
      ) : functions.isError ? (
        <ErrorState message={t('flow.node.functionsFailed')} onRetry={() => void functions.refetch()} />
      ) : functions.data.length === 0 ? (
        <EmptyState title={t('flow.node.noFunctions')} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" data-testid="flow-node-functions">
          {functions.data.map((f) => {
            const label = lang === 'en' ? f.en : f.zh;
            return (
              <li key={f.key} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2" data-function={f.key}>
                <div className="min-w-0 flex-1 basis-48">
                  <p className="text-sm font-medium text-slate-800">{label}</p>
                  <p className="text-xs text-slate-500">{f.description}</p>
                </div>
                <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 md:min-h-9">
                  <Checkbox
                    checked={value.functions.includes(f.key)}
                    aria-label={t('flow.node.offer', { name: label })}
                    onChange={(e) => { onChange(toggleFunction(value, f.key, 'offered', e.target.checked)); }}
                  />
                  {t('flow.node.offered')}
                </label>
                <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 md:min-h-9">
                  <Checkbox
                    checked={value.required.includes(f.key)}
                    aria-label={t('flow.node.require', { name: label })}
                    onChange={(e) => { onChange(toggleFunction(value, f.key, 'required', e.target.checked)); }}
                  />
                  {t('flow.node.required')}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error ? <p id={errorId} role="alert" className="text-xs text-red-600">{error}</p> : null}
    </fieldset>
  );
}
