import { useApp } from '@/lib/app-context';
import { useEnterpriseId } from '@/lib/console/session-context';
import { useRoleList } from '@/lib/session';
import { isPlatformStaff, SUPER_ADMIN_ROLE } from './permissions';

/** Platform staff acting now (or the super administrator anywhere): they may act for another enterprise. */
export function useIsPlatformStaff(): boolean {
  const { user } = useApp();
  const roles = useRoleList();
  const enterpriseId = useEnterpriseId();
  return user?.authorityId === SUPER_ADMIN_ROLE || isPlatformStaff(roles, enterpriseId);
}
