/** The public entry of features/system: what other features and the app may use. */
export { EnterpriseMenus } from './authority/components/role-permissions';
export { importTable } from './imports/api/import-table';
export { createUser } from './users/api/create-user';
export { usersKey } from './users/api/get-users';
