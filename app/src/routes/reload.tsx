import { ReloadView } from '@/features/console';

export function ReloadRoute() {
  return <ReloadView />;
}
