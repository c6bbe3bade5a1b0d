import { ReloadView } from '../features/console/components/reload';

export function ReloadRoute() {
  return <ReloadView />;
}
