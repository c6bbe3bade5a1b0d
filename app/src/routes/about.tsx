import { AboutPage } from '@/features/about';

export function AboutRoute() {
  return <AboutPage />;
}
