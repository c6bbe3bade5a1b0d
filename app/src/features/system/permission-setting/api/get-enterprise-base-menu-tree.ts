/** The tree an enterprise may narrow a role from is the role's own menus: see authority/api/get-role-menus.ts. */
export { getRoleMenus as getEnterpriseBaseMenuTree, useRoleMenus as useEnterpriseBaseMenuTree } from '../../authority/api/get-role-menus';
