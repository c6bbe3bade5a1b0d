import { QrConfirmPage } from '@/features/auth';

export function QrLoginRoute() {
  return <QrConfirmPage />;
}
