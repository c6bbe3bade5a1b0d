import { Suspense, type ReactNode } from 'react';

import { Skeleton } from '@/components/ui/states';
import { useHydrated } from '@/lib/local-store';

/**
 * A page loaded in the browser only (a lazy view): the server and the hydrating render show a placeholder, then the
 * view loads under Suspense with the same placeholder.
 */
export function BrowserOnly({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const fallback = <Skeleton className="p-6" />;
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
