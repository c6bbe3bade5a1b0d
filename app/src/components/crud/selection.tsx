/**
 * Row selection for bulk actions (delete the selected…): a set of row keys and the checkbox column that edits it.
 * The selection is kept across pages until cleared; the header box selects or clears the rows shown.
 */
import { useState } from 'react';

import { Checkbox } from '@/components/ui/fields';
import type { Column } from './data-table';

export interface RowSelection<R, K> {
  selected: ReadonlySet<K>;
  clear: () => void;
  /** The checkbox column (left out of the phone cards). */
  column: Column<R>;
}

export function useRowSelection<R, K extends string | number>(
  rows: readonly R[],
  keyOf: (row: R) => K,
  labels: { page: string; row: (row: R) => string },
): RowSelection<R, K> {
  const [selected, setSelected] = useState<ReadonlySet<K>>(new Set());
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(keyOf(r)));
  const toggle = (key: K) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setSelected(next);
  };
  return {
    selected,
    clear: () => {
      setSelected(new Set());
    },
    column: {
      key: 'select',
      hideOnMobile: true,
      header: (
        <Checkbox
          aria-label={labels.page}
          checked={allOnPage}
          onChange={() => {
            const next = new Set(selected);
            for (const r of rows) {
              if (allOnPage) next.delete(keyOf(r));
              else next.add(keyOf(r));
            }
            setSelected(next);
          }}
        />
      ),
      cell: (row: R) => (
        <Checkbox
          aria-label={labels.row(row)}
          checked={selected.has(keyOf(row))}
          onChange={() => {
            toggle(keyOf(row));
          }}
        />
      ),
    },
  };
}
