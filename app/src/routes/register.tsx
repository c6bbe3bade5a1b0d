import { useParams } from 'react-router';

import { RegisterPage } from '@/features/auth';

export function RegisterRoute() {
  const { id } = useParams();
  return <RegisterPage invite={id && id !== 'register' ? id : undefined} />;
}
