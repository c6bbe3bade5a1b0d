/**
 * Config-driven forms for the CRUD kit: a field list in, a validated value object out. Small on purpose (no form
 * library): controlled inputs, per-field rules, errors announced with aria-invalid/aria-describedby.
 */
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/query';
import { toText } from '@/lib/request/client';
import { cx } from '@/components/ui/cx';
import { Checkbox, Field, SelectInput, Switch, TextArea, TextInput } from '@/components/ui/fields';

/** Any object of field values (interfaces welcome). */
export type FormValues = object;

export interface Option {
  value: string | number;
  label: string;
}

export interface FieldDef<V extends FormValues> {
  name: keyof V & string;
  label: string;
  type: 'text' | 'password' | 'number' | 'email' | 'tel' | 'textarea' | 'select' | 'multiselect' | 'switch' | 'custom';
  required?: boolean;
  options?: readonly Option[];
  placeholder?: string;
  hint?: ReactNode;
  autoComplete?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: { re: RegExp; message: string };
  /** Extra rule: an error text, or null when fine. */
  validate?: (value: unknown, values: V) => string | null;
  disabled?: boolean;
  /** Left out of the form (and of validation) while this says so. */
  hidden?: (values: V) => boolean;
  /** Both grid columns on wide screens. */
  wide?: boolean;
  render?: (p: { id: string; value: unknown; onChange: (value: unknown) => void; invalid: boolean; describedBy?: string }) => ReactNode;
}

export interface FormState<V extends FormValues> {
  values: V;
  errors: Partial<Record<keyof V & string, string>>;
  setValue: (name: keyof V & string, value: unknown) => void;
  validate: (fields: readonly FieldDef<V>[]) => boolean;
  reset: (values: V) => void;
  /** Shows a server refusal about one of the form's fields (`ApiError.field`) under that field. */
  refused: (err: unknown) => void;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** The errors of `values` against `fields` (pure; exported for tests). */
export function validateValues<V extends FormValues>(
  fields: readonly FieldDef<V>[],
  values: V,
  msg: { required: (label: string) => string; minLength: (n: number) => string; maxLength: (n: number) => string },
): Partial<Record<keyof V & string, string>> {
  const errors: Partial<Record<keyof V & string, string>> = {};
  for (const f of fields) {
    if (f.hidden?.(values)) continue;
    const v = values[f.name];
    if (f.required && isEmpty(v)) {
      errors[f.name] = msg.required(f.label);
      continue;
    }
    if (isEmpty(v)) continue;
    if (typeof v === 'string') {
      if (f.minLength !== undefined && v.length < f.minLength) {
        errors[f.name] = msg.minLength(f.minLength);
        continue;
      }
      if (f.maxLength !== undefined && v.length > f.maxLength) {
        errors[f.name] = msg.maxLength(f.maxLength);
        continue;
      }
      if (f.pattern && !f.pattern.re.test(v)) {
        errors[f.name] = f.pattern.message;
        continue;
      }
    }
    const custom = f.validate?.(v, values) ?? null;
    if (custom) errors[f.name] = custom;
  }
  return errors;
}

export function useForm<V extends FormValues>(initial: V): FormState<V> {
  const { t } = useTranslation('crud');
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, string>>>({});
  const setValue = useCallback((name: keyof V & string, value: unknown) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      return Object.fromEntries(Object.entries(prev).filter(([k]) => k !== name)) as Partial<Record<keyof V & string, string>>;
    });
  }, []);
  const validate = (fields: readonly FieldDef<V>[]) => {
    const found = validateValues(fields, values, {
      required: (label) => t('validation.required', { label }),
      minLength: (n) => t('validation.minLength', { n }),
      maxLength: (n) => t('validation.maxLength', { n }),
    });
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);
  const refused = useCallback((err: unknown) => {
    if (!(err instanceof ApiError) || err.field === undefined) return;
    const name = err.field;
    if (name in values) setErrors((prev) => ({ ...prev, [name]: err.message }));
  }, [values]);
  return { values, errors, setValue, validate, reset, refused };
}

function FieldControl<V extends FormValues>({ field, form, id, errorId }: { field: FieldDef<V>; form: FormState<V>; id: string; errorId: string }) {
  const { t } = useTranslation('crud');
  const value = form.values[field.name];
  const error = form.errors[field.name];
  const invalid = Boolean(error);
  const common = {
    id,
    name: field.name,
    disabled: field.disabled,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? errorId : undefined,
    'aria-required': field.required ? true : undefined,
  };
  const onChange = (v: unknown) => {
    form.setValue(field.name, v);
  };
  switch (field.type) {
    case 'custom':
      return <>{field.render?.({ id, value, onChange, invalid, describedBy: invalid ? errorId : undefined })}</>;
    case 'textarea':
      return (
        <TextArea
          {...common}
          value={typeof value === 'string' ? value : ''}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        />
      );
    case 'select':
      return (
        <SelectInput
          {...common}
          value={value === undefined || value === null ? '' : toText(value)}
          onChange={(e) => {
            const opt = field.options?.find((o) => String(o.value) === e.target.value);
            onChange(opt ? opt.value : '');
          }}
        >
          <option value="">{field.placeholder ?? t('select')}</option>
          {field.options?.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </SelectInput>
      );
    case 'multiselect': {
      const selected = Array.isArray(value) ? (value as unknown[]) : [];
      return (
        <div
          role="group"
          aria-labelledby={`${id}-label`}
          aria-describedby={invalid ? errorId : undefined}
          className={cx('flex max-h-40 flex-wrap gap-x-4 gap-y-2 overflow-y-auto rounded-lg p-2.5 ring-1 ring-slate-300 ring-inset', invalid && 'ring-red-400')}
        >
          {field.options?.length ? null : <span className="text-sm text-slate-400">{t('noOptions')}</span>}
          {field.options?.map((o) => {
            const checked = selected.some((s) => String(s) === String(o.value));
            return (
              <label key={String(o.value)} className="flex items-center gap-2 text-sm text-slate-700">
                <Checkbox
                  checked={checked}
                  disabled={field.disabled}
                  onChange={() => {
                    onChange(checked ? selected.filter((s) => String(s) !== String(o.value)) : [...selected, o.value]);
                  }}
                />
                {o.label}
              </label>
            );
          })}
        </div>
      );
    }
    case 'switch':
      return (
        <Switch
          id={id}
          checked={value === true || value === 1}
          label={field.label}
          disabled={field.disabled}
          onChange={(c) => {
            onChange(c);
          }}
        />
      );
    case 'number':
      return (
        <TextInput
          {...common}
          type="number"
          inputMode="numeric"
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          placeholder={field.placeholder}
          onChange={(e) => {
            onChange(e.target.value === '' ? '' : Number(e.target.value));
          }}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.type}
          value={typeof value === 'string' || typeof value === 'number' ? value : ''}
          placeholder={field.placeholder}
          autoComplete={field.autoComplete ?? (field.type === 'password' ? 'new-password' : 'off')}
          maxLength={field.maxLength}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        />
      );
  }
}

export function FormFields<V extends FormValues>({ fields, form, columns = 2 }: { fields: readonly FieldDef<V>[]; form: FormState<V>; columns?: 1 | 2 }) {
  const base = useId();
  return (
    <div className={cx('grid gap-x-4 gap-y-4', columns === 2 && 'md:grid-cols-2')}>
      {fields.map((f) => {
        if (f.hidden?.(form.values)) return null;
        const id = `${base}-${f.name}`;
        const errorId = `${id}-error`;
        return (
          <Field
            key={f.name}
            label={<span id={`${id}-label`}>{f.label}</span>}
            htmlFor={f.type === 'multiselect' ? undefined : id}
            error={form.errors[f.name] ?? null}
            errorId={errorId}
            hint={f.hint}
            required={f.required}
            className={cx(f.wide && 'md:col-span-2')}
          >
            <FieldControl field={f} form={form} id={id} errorId={errorId} />
          </Field>
        );
      })}
    </div>
  );
}
