/**
 * A type's template fields (`{key, label, kind, required, options}`) as fields of the kit's forms, rendered by kind:
 * text, textarea, number, date, select (its options), image (an uploaded picture), position (a wheel position of the
 * order's vehicles, stored as `axle-wheel` and offered by name). Form names are `fields.<key>` (create form) or `data.<key>` (dispose record): the names the server
 * gives a refused field, so its message lands under the field.
 */
import type { FieldDef, Option } from '@/components/crud/form';
import { SelectInput, TextInput } from '@/components/ui/fields';
import type { TemplateField } from '@/lib/api-types';
import { toText } from '@/lib/request/client';
import { templateName } from '../model';
import { PhotoInput } from './photo-input';

export type Values = Record<string, unknown>;

export function templateFieldDefs(prefix: 'fields' | 'data', form: readonly TemplateField[], positions: readonly Option[], selectText: string): FieldDef<Values>[] {
  return form.map((f): FieldDef<Values> => {
    const base = { name: templateName(prefix, f.key), label: f.label, required: f.required ?? false };
    switch (f.kind) {
      case 'textarea':
        return { ...base, type: 'textarea', wide: true, maxLength: 4000 };
      case 'number':
        return { ...base, type: 'number' };
      case 'select':
        return { ...base, type: 'select', options: (f.options ?? []).map((o) => ({ value: o, label: o })) };
      case 'date':
        return {
          ...base,
          type: 'custom',
          render: ({ id, value, onChange, invalid, describedBy }) => (
            <TextInput
              id={id}
              type="date"
              value={typeof value === 'string' ? value : ''}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={describedBy}
              aria-required={f.required ? true : undefined}
              onChange={(e) => {
                onChange(e.target.value);
              }}
            />
          ),
        };
      case 'image':
        return {
          ...base,
          type: 'custom',
          wide: true,
          render: ({ id, value, onChange, invalid, describedBy }) => (
            <PhotoInput
              id={id}
              max={1}
              testId={`image-${f.key}`}
              value={typeof value === 'string' && value !== '' ? [value] : []}
              invalid={invalid}
              describedBy={describedBy}
              onChange={(urls) => {
                onChange(urls[0] ?? '');
              }}
            />
          ),
        };
      case 'position':
        return {
          ...base,
          type: 'custom',
          render: ({ id, value, onChange, invalid, describedBy }) => (
            <SelectInput
              id={id}
              value={value === undefined || value === null ? '' : toText(value)}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => {
                onChange(e.target.value);
              }}
            >
              <option value="">{selectText}</option>
              {positions.map((p) => (
                <option key={String(p.value)} value={p.value}>
                  {p.label}
                </option>
              ))}
            </SelectInput>
          ),
        };
      default:
        return { ...base, type: 'text', maxLength: 500 };
    }
  });
}
