import { LoginPage } from '../features/auth/components/login-page';

export function LoginRoute() {
  return <LoginPage />;
}
