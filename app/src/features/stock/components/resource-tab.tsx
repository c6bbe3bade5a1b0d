/** A list of the CRUD kit laid out inside a tab: search and toolbar, the totals, the table, the pager, its dialogs. */
import type { ReactNode } from 'react';

import type { Resource } from '@/components/crud/resource-view';

export type ResourcePieces = Pick<Resource<unknown, object, string | number>, 'search' | 'toolbar' | 'bulkBar' | 'table' | 'pager' | 'dialogs'>;

export function ResourceTab({ resource, totals, children }: { resource: ResourcePieces; totals?: ReactNode; children?: ReactNode }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {resource.search ?? <span />}
        <div className="flex flex-wrap items-center gap-2">{resource.toolbar}</div>
      </div>
      {totals}
      <div className="-mx-4">
        {resource.bulkBar}
        {resource.table}
      </div>
      {resource.pager}
      {resource.dialogs}
      {children}
    </div>
  );
}
