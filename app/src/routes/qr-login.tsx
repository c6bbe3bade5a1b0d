import { QrConfirmPage } from '../features/auth/components/qr-confirm-page';

export function QrLoginRoute() {
  return <QrConfirmPage />;
}
