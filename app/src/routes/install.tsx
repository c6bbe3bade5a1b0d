import { InstallPage } from '@/features/install';

/** /install: the installation procedure, and for a signed-in installer the vehicle check and install state. */
export function InstallRoute() {
  return <InstallPage />;
}
