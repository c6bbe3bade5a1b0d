import { useApp } from '@/lib/app-context';
import { useRoleList } from '@/lib/session';
import { isPlatformStaff, SUPER_ADMIN_ROLE } from '@/features/auth';
import { useSession } from '@/lib/console/session-context';

/**
 * Platform staff as the server counts them (docs/tenancy.md): the super admin, or role 999/666 acting for the platform
 * enterprise. Only decides which controls are offered; the server decides what is allowed.
 */
export function useIsStaff(): boolean {
  const { user } = useApp();
  const roles = useRoleList();
  const { enterpriseId } = useSession();
  return user?.authorityId === SUPER_ADMIN_ROLE || isPlatformStaff(roles, enterpriseId);
}
