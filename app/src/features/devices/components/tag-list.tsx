/**
 * Tags of the enterprise (colony/labelManage: every kind). Listing uses /tag/list (or the given list call), a keyword
 * search /search_label, add /addTags and delete /delTags.
 */
import { useTranslation } from 'react-i18next';

import type { PageCall } from '@/lib/calls';
import { orUndefined } from '@/lib/format';
import { ResourceView } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { useAddTags } from '../api/add-tags';
import { useDeleteTags } from '../api/delete-tags';
import { getTags, type TagListParams } from '../api/get-tags';
import { deviceKeys } from '../api/keys';
import { searchLabels } from '../api/search-labels';
import { TAG_KINDS, type TagKind, type TagRow } from '../types';

interface TagValues {
  name: string;
  color: string;
  kind: TagKind;
}

/** Keyword searches go to /search_label, the rest to the list call. */
function listOrSearch(list: PageCall<TagListParams, TagRow>): PageCall<TagListParams, TagRow> {
  return (params, signal) => (params.keyword ? searchLabels({ keyword: params.keyword, kind: params.kind, page: params.page, pageSize: params.pageSize }, signal) : list(params, signal));
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

export function TagList({ title, testId, kind, list = getTags }: { title: string; testId: string; kind?: TagKind; list?: PageCall<TagListParams, TagRow> }) {
  const { t } = useTranslation('fleet');
  const add = useAddTags();
  const del = useDeleteTags();
  const kindLabel = (k: string) => t(`tags.kinds.${k}` as 'tags.kinds.label');
  const toParams = (v: SearchValues): TagListParams => ({ keyword: orUndefined(v.keyword), kind: kind ?? (TAG_KINDS.find((k) => k === v.kind) ?? undefined) });
  return (
    <ResourceView<TagRow, TagListParams, TagValues, number>
      title={title}
      testId={testId}
      queryKey={[...deviceKeys.tags, testId]}
      fetchPage={listOrSearch(list)}
      toParams={toParams}
      searchFields={[
        { name: 'keyword', label: t('tags.name') },
        ...(kind ? [] : [{ name: 'kind', label: t('tags.kind'), type: 'select' as const, options: TAG_KINDS.map((k) => ({ value: k, label: kindLabel(k) })) }]),
      ]}
      columns={[
        {
          key: 'name',
          header: t('tags.name'),
          primary: true,
          cell: (g) => (
            <span className="inline-flex items-center gap-2">
              <span className="inline-block size-3 rounded-full" style={{ background: g.color || '#94A3B8' }} />
              {g.name}
            </span>
          ),
        },
        ...(kind ? [] : [{ key: 'kind', header: t('tags.kind'), cell: (g: TagRow) => kindLabel(g.kind) }]),
        { key: 'vehicles', header: t('tags.vehicles'), cell: (g) => g.vehicles, align: 'right' },
        { key: 'devices', header: t('tags.devices'), cell: (g) => g.devices, align: 'right' },
      ]}
      rowKey={(g) => g.id}
      rowLabel={(g) => g.name}
      exportName={testId}
      exportColumns={[
        { header: t('tags.name'), value: (g) => g.name },
        { header: t('tags.kind'), value: (g) => kindLabel(g.kind) },
        { header: t('tags.color'), value: (g) => g.color },
        { header: t('tags.vehicles'), value: (g) => g.vehicles },
        { header: t('tags.devices'), value: (g) => g.devices },
      ]}
      form={{
        addLabel: t('tags.add'),
        editTitle: (g) => g.name,
        editable: () => false,
        fields: [
          { name: 'name', label: t('tags.name'), type: 'text', required: true, maxLength: 32 },
          { name: 'color', label: t('tags.color'), type: 'text', placeholder: '#ff8800', pattern: { re: COLOR, message: t('tags.colorInvalid') } },
          ...(kind ? [] : [{ name: 'kind' as const, label: t('tags.kind'), type: 'select' as const, required: true, options: TAG_KINDS.map((k) => ({ value: k, label: kindLabel(k) })) }]),
        ],
        empty: { name: '', color: '', kind: kind ?? 'label' },
        fromRow: (g) => ({ name: g.name, color: g.color, kind: g.kind }),
        save: (v) => add.mutateAsync({ tags: [{ name: v.name.trim(), kind: v.kind, ...(v.color ? { color: v.color } : {}) }] }),
      }}
      remove={(ids) => del.mutateAsync({ ids })}
    />
  );
}
