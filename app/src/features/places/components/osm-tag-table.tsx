/** The OSM editor's attributes: a key=value table of the feature's tags, each value edited in place, a refusal under its row. */
import { useTranslation } from 'react-i18next';

import { SelectInput, TextInput } from '@/components/ui/fields';
import { FENCE_KEYS, FENCES, POI_TYPES } from '../model';
import { tagKeys, tagValue, withTag, type ErrorKey, type OsmEdit, type TagKey } from '../osm';

interface OsmTagTableProps {
  edit: OsmEdit;
  onChange: (edit: OsmEdit) => void;
  errors: Partial<Record<ErrorKey, string>>;
  readOnly: boolean;
}

const NUMERIC = new Set<TagKey>(['radius', 'corridor:width']);

export function OsmTagTable({ edit, onChange, errors, readOnly }: OsmTagTableProps) {
  const { t } = useTranslation('places');
  return (
    <table className="w-full border-collapse text-sm" data-testid="osm-tags">
      <caption className="sr-only">{t('osm.tags')}</caption>
      <thead>
        <tr className="text-left text-xs text-slate-500">
          <th scope="col" className="w-32 py-1 font-medium">
            {t('osm.key')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('osm.value')}
          </th>
        </tr>
      </thead>
      <tbody>
        {tagKeys(edit).map((key) => {
          const id = `osm-tag-${key.replace(':', '-')}`;
          const error = errors[key];
          const common = {
            id,
            'aria-label': key,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : `${id}-hint`,
            disabled: readOnly,
            value: tagValue(edit, key),
            onChange: (e: { target: { value: string } }) => {
              onChange(withTag(edit, key, e.target.value));
            },
          };
          return (
            <tr key={key} className="border-t border-slate-100 align-top">
              <th scope="row" className="py-2 pr-2 text-left font-mono text-xs font-medium text-slate-700">
                <label htmlFor={id}>{key}</label>
                <span id={`${id}-hint`} className="block font-sans font-normal text-slate-400">
                  {t(`osm.tag.${key === 'addr:full' ? 'addr_full' : key === 'corridor:width' ? 'corridor_width' : key}`)}
                </span>
              </th>
              <td className="py-1.5">
                {key === 'category' ? (
                  <SelectInput {...common} className="h-9 w-full">
                    {POI_TYPES.map((p) => (
                      <option key={p.code} value={p.code}>
                        {`${p.key} · ${t(`type.${p.key}`)}`}
                      </option>
                    ))}
                  </SelectInput>
                ) : key === 'fence' ? (
                  <SelectInput {...common} className="h-9 w-full">
                    {FENCES.map((f) => (
                      <option key={f} value={f}>
                        {t(FENCE_KEYS[f])}
                      </option>
                    ))}
                  </SelectInput>
                ) : (
                  <TextInput {...common} className="h-9 w-full" type={NUMERIC.has(key) ? 'number' : 'text'} inputMode={NUMERIC.has(key) ? 'numeric' : undefined} />
                )}
                {error ? (
                  <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700">
                    {error}
                  </p>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
