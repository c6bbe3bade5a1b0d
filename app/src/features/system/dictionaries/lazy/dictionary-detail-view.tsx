/** superAdmin/dictionaryDetail/:id: the entries of one dictionary, paged; create, edit, delete. */
import { useTranslation } from 'react-i18next';

import type { FieldDef, Option } from '@/components/crud/form';
import { oneByOne, ResourceView } from '@/components/crud/resource-view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { orUndefined } from '@/lib/format';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { detailLabel, type DictionaryDetail } from '../../types';
import { useDeleteDictionaryDetail } from '../api/delete-dictionary-detail';
import { useDictionaryById } from '../api/get-dictionaries';
import { dictionaryDetailsKey, getDictionaryDetails, useDictionaryDetails, type DetailListParams } from '../api/get-dictionary-details';
import { useSaveDictionaryDetail } from '../api/save-dictionary-detail';

type Filters = Omit<DetailListParams, 'page' | 'pageSize'>;
interface Values { label: string; labelEn: string; value: string; extend: string; sort: number | ''; status: boolean; parentID: number | '' }

/** Enough for every detail of one dictionary (the parent picker and parent names). */
const ALL_DETAILS = 500;

export default function DictionaryDetailView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const menuPath = useMenuPath();
  const dictionaryId = Number(params.id) || 0;
  const dict = useDictionaryById(dictionaryId);
  const save = useSaveDictionaryDetail();
  const remove = useDeleteDictionaryDetail();
  const all = useDictionaryDetails({ page: 1, pageSize: ALL_DETAILS, sysDictionaryID: dictionaryId });
  const byId = new Map((all.data?.list ?? []).map((d) => [d.ID, d]));
  const parentName = (id: number | null | undefined) => {
    if (!id) return null;
    const p = byId.get(id);
    return p ? detailLabel(p, lang) : `#${id}`;
  };
  const back = menuPath(route.activeName ?? route.name.replace(/Detail$/, ''));
  const title = dict.data ? `${menuTitle(route, lang)} · ${dict.data.name}` : menuTitle(route, lang);

  const fields = (editing: DictionaryDetail | null): FieldDef<Values>[] => {
    // a detail cannot move under itself or its own descendants (the server refuses it too)
    const parentOptions: Option[] = (all.data?.list ?? [])
      .filter((d) => !editing || (d.ID !== editing.ID && !d.path.split(',').includes(String(editing.ID))))
      .map((d) => ({ value: d.ID, label: `${'· '.repeat(d.level)}${detailLabel(d, lang)} (${d.value})` }));
    return [
      { name: 'label', label: t('dictionaries.label'), type: 'text', required: true },
      { name: 'labelEn', label: t('dictionaries.labelEn'), type: 'text' },
      { name: 'value', label: t('dictionaries.value'), type: 'text', required: true },
      { name: 'parentID', label: t('dictionaries.parentDetail'), type: 'select', options: parentOptions, placeholder: t('dictionaries.noParent') },
      { name: 'extend', label: t('dictionaries.extend'), type: 'text' },
      { name: 'sort', label: t('dictionaries.sort'), type: 'number', required: true },
      { name: 'status', label: t('dictionaries.status'), type: 'switch' },
    ];
  };

  return (
    <ResourceView<DictionaryDetail, Filters, Values, number>
      title={title}
      description={dict.data?.type ? <span className="font-mono">{dict.data.type}</span> : undefined}
      testId="dictionary-detail"
      queryKey={dictionaryDetailsKey}
      fetchPage={getDictionaryDetails}
      enabled={dictionaryId > 0}
      toParams={(v) => ({ sysDictionaryID: dictionaryId, label: orUndefined(v.label), value: orUndefined(v.value), status: orUndefined(v.status) })}
      searchFields={[
        { name: 'label', label: t('dictionaries.label') },
        { name: 'value', label: t('dictionaries.value') },
        {
          name: 'status',
          label: t('dictionaries.status'),
          type: 'select',
          options: [
            { value: 'true', label: t('common.on') },
            { value: 'false', label: t('common.off') },
          ],
        },
      ]}
      columns={[
        {
          key: 'label',
          header: t('dictionaries.label'),
          primary: true,
          cell: (d) => (
            <span className="flex items-center gap-2" style={{ paddingLeft: `${d.level * 1.25}rem` }}>
              {d.level > 0 ? <span className="text-slate-300">└</span> : null}
              <span className="font-medium text-slate-900">{d.label}</span>
            </span>
          ),
        },
        { key: 'labelEn', header: t('dictionaries.labelEn'), cell: (d) => d.labelEn || <span className="text-slate-400">—</span> },
        { key: 'value', header: t('dictionaries.value'), cell: (d) => <span className="font-mono text-xs">{d.value}</span> },
        { key: 'parent', header: t('dictionaries.parentDetail'), cell: (d) => parentName(d.parentID) ?? <span className="text-slate-400">—</span> },
        { key: 'extend', header: t('dictionaries.extend'), cell: (d) => (d.extend ? <span className="font-mono text-xs break-all">{d.extend}</span> : '') },
        { key: 'sort', header: t('dictionaries.sort'), cell: (d) => d.sort, align: 'right' },
        { key: 'status', header: t('dictionaries.status'), cell: (d) => <Badge tone={d.status ? 'green' : 'slate'}>{d.status ? t('common.on') : t('common.off')}</Badge> },
      ]}
      rowKey={(d) => d.ID}
      rowLabel={(d) => detailLabel(d, lang)}
      texts={{ search: t('dictionaries.searchDetails'), loadFailed: t('common.loadFailed'), confirmDelete: (d) => t('dictionaries.confirmDeleteDetail', { label: detailLabel(d, lang) }) }}
      toolbar={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('dictionaries.back')}
          </LinkButton>
        ) : null
      }
      form={{
        addLabel: t('dictionaries.addDetail'),
        editTitle: (d) => t('dictionaries.editDetail', { label: detailLabel(d, lang) }),
        size: 'md',
        fields,
        empty: { label: '', labelEn: '', value: '', parentID: '', extend: '', sort: 0, status: true },
        fromRow: (d) => ({ label: d.label, labelEn: d.labelEn, value: d.value, parentID: d.parentID ?? '', extend: d.extend, sort: d.sort, status: d.status }),
        save: (v, d) =>
          save.mutateAsync({
            ...(d ? { ID: d.ID } : {}),
            label: v.label.trim(),
            labelEn: v.labelEn.trim(),
            value: v.value.trim(),
            parentID: v.parentID === '' ? null : v.parentID,
            extend: v.extend.trim(),
            sort: Number(v.sort),
            status: v.status,
            sysDictionaryID: dictionaryId,
          }),
      }}
      selectable={false}
      remove={oneByOne(remove.mutateAsync)}
    />
  );
}
