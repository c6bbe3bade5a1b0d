/** The public entry of features/auth: what other features and the app may use. */
export { isLoginData } from './api/login';
export { logout } from './api/logout';
export { visitorLogin } from './api/visitor-login';
export { LoginDialog } from './components/login-dialog';
export { LoginPage } from './components/login-page';
export { QrConfirmPage } from './components/qr-confirm-page';
export { RegisterPage } from './components/register-page';
export { bundleFor, guard } from './guard';
export type { GuardResult } from './guard';
export { PLATFORM_ENTERPRISE_ID, PLATFORM_ROLE_IDS, SUPER_ADMIN_ROLE, isPlatformStaff } from './permissions';
export { useIsPlatformStaff } from './use-platform-staff';
