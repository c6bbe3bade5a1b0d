import { ModuleUnavailable } from '@/components/layout/module-unavailable';

/** Fixed public routes of console-spec §2 whose screens are not built yet. */
export function UnavailableRoute() {
  return <ModuleUnavailable />;
}
