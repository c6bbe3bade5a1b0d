/** What a work category classifies by: problem types (issue categories) or modules. */
import type { CategoryKind } from '@/lib/api-types';

export type { CategoryKind };

/** A row of /work/category_list. `id` 0 is the built-in default problem type, which cannot be edited. */
export interface WorkCategory {
  id: number;
  entId: number;
  kind: CategoryKind;
  name: string;
  desc: string;
  sort: number;
  createdAt: string | null;
  updatedAt: string | null;
}
