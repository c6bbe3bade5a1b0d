/** The custom fields (superTag/field): list, add, edit, delete (warning with how many tags carry the field). */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import { AppLink } from '@/components/ui/app-link';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useDeleteFields } from '../api/delete-fields';
import { getFields } from '../api/get-fields';
import { tagKeys } from '../api/keys';
import { useSaveField } from '../api/save-field';
import type { TagFieldRow } from '../types';
import { EMPTY_FIELD, fieldDefs, fieldInput, fieldValues, type FieldValues } from './field-defs';

export function FieldList({ title }: { title: string }) {
  const { t } = useTranslation('tags');
  const save = useSaveField();
  const del = useDeleteFields();
  const menuPath = useMenuPath();
  return (
    <ResourceView<TagFieldRow, { entId?: number }, FieldValues, number>
      title={title}
      testId="tag-fields"
      queryKey={tagKeys.fields}
      fetchAll={getFields}
      toParams={() => ({})}
      columns={[
        { key: 'name', header: t('field.name'), primary: true, cell: (f) => f.name },
        { key: 'type', header: t('field.type'), cell: (f) => t(`types.${f.type}`) },
        { key: 'options', header: t('field.options'), cell: (f) => f.options.join(' / ') },
        { key: 'unit', header: t('field.unit'), cell: (f) => f.unit },
        { key: 'required', header: t('field.required'), cell: (f) => (f.required ? '✓' : '') },
        { key: 'sort', header: t('field.sort'), cell: (f) => f.sort, align: 'right' },
        { key: 'tags', header: t('field.tags'), cell: (f) => f.tags, align: 'right' },
      ]}
      rowKey={(f) => f.id}
      rowLabel={(f) => f.name}
      rowActions={(f) => {
        const path = menuPath('fieldEdit', { id: f.id });
        return path ? (
          <AppLink className="text-sm text-accent underline-offset-2 hover:underline" to={path}>
            {t('field.edit')}
          </AppLink>
        ) : null;
      }}
      form={{
        addLabel: t('field.add'),
        editTitle: (f) => f.name,
        fields: fieldDefs(t),
        empty: EMPTY_FIELD,
        fromRow: fieldValues,
        save: (v, row) => save.mutateAsync(fieldInput(v, row?.id)),
      }}
      remove={(ids) => del.mutateAsync({ ids })}
      texts={{ confirmDelete: (f) => t('field.confirmDelete', { name: f.name, tags: f.tags }) }}
    />
  );
}
