/** One custom field's input, by its type (text, number, date, choice); used by the tag form and its preview. */
import { useTranslation } from 'react-i18next';

import { Field, SelectInput, TextInput } from '@/components/ui/fields';
import type { TagFieldRow } from '../types';

interface Props {
  field: TagFieldRow;
  value: string;
  onChange?: (value: string) => void;
  error?: string;
  disabled?: boolean;
  idPrefix: string;
}

export function FieldInput({ field, value, onChange, error, disabled, idPrefix }: Props) {
  const { t } = useTranslation('tags');
  const id = `${idPrefix}-${String(field.id)}`;
  const label = field.unit ? `${field.name} (${field.unit})` : field.name;
  const common = {
    id,
    name: `values.${String(field.id)}`,
    value,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <Field label={label} htmlFor={id} error={error} errorId={`${id}-error`} required={field.required}>
      {field.type === 'choice' ? (
        <SelectInput {...common} onChange={(e) => onChange?.(e.target.value)}>
          <option value="">{t('form.choose')}</option>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </SelectInput>
      ) : (
        <TextInput
          {...common}
          type={field.type === 'date' ? 'date' : 'text'}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          onChange={(e) => onChange?.(e.target.value)}
        />
      )}
    </Field>
  );
}
