/**
 * The tag library (superTag/tagHash): tags by kind with colour, order, usage and field counts; add, edit (name, colour,
 * kind, fields) and delete — which warns with how many vehicles and devices carry the tag (their links and form values
 * go with it).
 */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { AppLink } from '@/components/ui/app-link';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { getTag } from '../api/get-tag';
import { useFields } from '../api/get-fields';
import { getTags, type TagListParams } from '../api/get-tags';
import { useDeleteTags } from '../api/delete-tags';
import { tagKeys } from '../api/keys';
import { useSaveTag } from '../api/save-tag';
import { TAG_KINDS, type TagRow } from '../types';
import { TagChip } from './tag-chip';

interface TagValues {
  name: string;
  color: string;
  kind: string;
  fieldIds: number[];
}

const COLOR = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;

export function TagLibrary({ title }: { title: string }) {
  const { t } = useTranslation('tags');
  const save = useSaveTag();
  const del = useDeleteTags();
  const fields = useFields();
  const menuPath = useMenuPath();
  const kindLabel = (k: string) => t(`kinds.${k}` as 'kinds.vehicle');
  const toParams = (v: SearchValues): TagListParams => ({
    kind: TAG_KINDS.find((k) => k === v.kind),
    keyword: typeof v.keyword === 'string' && v.keyword.trim() ? v.keyword.trim() : undefined,
  });
  return (
    <ResourceView<TagRow, TagListParams, TagValues, number>
      title={title}
      testId="tag-library"
      queryKey={tagKeys.tags}
      fetchAll={getTags}
      toParams={toParams}
      searchFields={[
        { name: 'keyword', label: t('tag.name') },
        { name: 'kind', label: t('tag.kind'), type: 'select', options: TAG_KINDS.map((k) => ({ value: k, label: kindLabel(k) })) },
      ]}
      columns={[
        { key: 'name', header: t('tag.name'), primary: true, cell: (g) => <TagChip name={g.name} color={g.color} /> },
        { key: 'kind', header: t('tag.kind'), cell: (g) => kindLabel(g.kind) },
        { key: 'sort', header: t('tag.sort'), cell: (g) => g.sort, align: 'right' },
        { key: 'vehicles', header: t('tag.vehicles'), cell: (g) => g.vehicles, align: 'right' },
        { key: 'devices', header: t('tag.devices'), cell: (g) => g.devices, align: 'right' },
        { key: 'fields', header: t('tag.fields'), cell: (g) => g.fields, align: 'right' },
      ]}
      rowKey={(g) => g.id}
      rowLabel={(g) => g.name}
      exportName="tags"
      exportColumns={[
        { header: t('tag.name'), value: (g) => g.name },
        { header: t('tag.kind'), value: (g) => kindLabel(g.kind) },
        { header: t('tag.color'), value: (g) => g.color },
        { header: t('tag.vehicles'), value: (g) => g.vehicles },
        { header: t('tag.devices'), value: (g) => g.devices },
      ]}
      rowActions={(g) => {
        const path = menuPath('tagEdit');
        return path ? (
          <AppLink className="text-sm text-accent underline-offset-2 hover:underline" to={`${path}?id=${String(g.id)}`}>
            {t('tag.open')}
          </AppLink>
        ) : null;
      }}
      form={{
        addLabel: t('tag.add'),
        editTitle: (g) => g.name,
        fields: [
          { name: 'name', label: t('tag.name'), type: 'text', required: true, maxLength: 32 },
          { name: 'color', label: t('tag.color'), type: 'text', placeholder: '#ff8800', pattern: { re: COLOR, message: t('tag.colorInvalid') } },
          { name: 'kind', label: t('tag.kind'), type: 'select', required: true, options: TAG_KINDS.map((k) => ({ value: k, label: kindLabel(k) })) },
          { name: 'fieldIds', label: t('tag.fields'), type: 'multiselect', options: (fields.data ?? []).map((f) => ({ value: f.id, label: f.name })), wide: true },
        ],
        empty: { name: '', color: '', kind: 'vehicle', fieldIds: [] },
        fromRow: (g) => ({ name: g.name, color: g.color, kind: g.kind, fieldIds: [] }),
        load: async (g) => {
          const d = await getTag({ id: g.id });
          return { name: d.name, color: d.color, kind: d.kind, fieldIds: d.fieldList.map((f) => f.id) };
        },
        save: (v, row) =>
          save.mutateAsync({ ...(row ? { id: row.id } : {}), name: v.name.trim(), color: v.color.trim(), kind: v.kind, fieldIds: v.fieldIds.map(Number) }),
      }}
      remove={(ids) => del.mutateAsync({ ids })}
      texts={{ confirmDelete: (g) => t('tag.confirmDelete', { name: g.name, vehicles: g.vehicles, devices: g.devices }) }}
    />
  );
}
