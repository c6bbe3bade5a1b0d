/** Orders the tags of one kind with up/down buttons (keyboard and touch friendly); saved with /tag/sort in one write. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Field, SelectInput } from '@/components/ui/fields';
import { EmptyState } from '@/components/ui/states';
import { useEnterpriseId } from '@/lib/console/session-context';
import { useTags } from '../api/get-tags';
import { useSortTags } from '../api/sort-tags';
import { TAG_KINDS, type TagRow } from '../types';
import { TagChip } from './tag-chip';

export function Sorter() {
  const { t } = useTranslation('tags');
  const [kind, setKind] = useState<string>('vehicle');
  // the order is kept per enterprise: the acting one's tags
  const ent = useEnterpriseId();
  const tags = useTags({ kind, ...(ent ? { entId: ent } : {}) });
  const sort = useSortTags();
  // a reordering not saved yet (null: the saved order)
  const [moved, setMoved] = useState<{ key: string; rows: TagRow[] } | null>(null);
  // the order is per enterprise: with several in scope, one at a time (the last one a tag was made in first)
  const ents = useMemo(() => {
    const rows = [...(tags.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return [...new Set(rows.map((r) => r.entId))];
  }, [tags.data]);
  const [pickedEnt, setPickedEnt] = useState<number | null>(null);
  const entId = ent ?? (pickedEnt !== null && ents.includes(pickedEnt) ? pickedEnt : ents[0]);
  const key = `${kind}-${String(entId)}`;
  const saved = useMemo(() => (tags.data ?? []).filter((r) => r.entId === entId), [tags.data, entId]);
  const order = moved?.key === key ? moved.rows : saved;
  const move = (i: number, by: number) => {
    const next = [...order];
    next.splice(i + by, 0, ...next.splice(i, 1));
    setMoved({ key, rows: next });
  };
  return (
    <div className="space-y-3 p-4" data-testid="tag-sorter">
      <Field label={t('sorter.kind')} htmlFor="sorter-kind" className="max-w-xs">
        <SelectInput id="sorter-kind" value={kind} onChange={(e) => { setKind(e.target.value); }}>
          {TAG_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </SelectInput>
      </Field>
      {ent === null && ents.length > 1 ? (
        <Field label={t('sorter.enterprise')} htmlFor="sorter-ent" className="max-w-xs">
          <SelectInput id="sorter-ent" value={entId} onChange={(e) => { setPickedEnt(Number(e.target.value)); }}>
            {ents.map((e) => (
              <option key={e} value={e}>
                {t('sorter.enterpriseId', { id: e })}
              </option>
            ))}
          </SelectInput>
        </Field>
      ) : null}
      {order.length === 0 ? <EmptyState title={t('sorter.empty')} /> : null}
      <ol className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        {order.map((row, i) => (
          <li key={row.id} className="flex items-center justify-between gap-2 px-3 py-1.5" data-testid="sorter-row">
            <span className="flex items-center gap-2 text-sm">
              <span className="w-6 text-right text-slate-400">{i + 1}</span>
              <TagChip name={row.name} color={row.color} />
            </span>
            <span className="flex gap-1">
              <Button variant="ghost" size="sm" className="min-h-11 min-w-11" disabled={i === 0} aria-label={t('sorter.up', { name: row.name })} onClick={() => { move(i, -1); }}>
                ↑
              </Button>
              <Button variant="ghost" size="sm" className="min-h-11 min-w-11" disabled={i === order.length - 1} aria-label={t('sorter.down', { name: row.name })} onClick={() => { move(i, 1); }}>
                ↓
              </Button>
            </span>
          </li>
        ))}
      </ol>
      <div className="flex justify-end">
        <Button disabled={order.length === 0 || sort.isPending} onClick={() => {
            void sort
              .mutateAsync({ ...(entId !== undefined ? { entId } : {}), kind, ids: order.map((r) => r.id) })
              .then(() => {
                setMoved(null);
              })
              .catch(() => undefined);
          }}>
          {t('sorter.save')}
        </Button>
      </div>
    </div>
  );
}
