import { SolutionPage } from '@/features/marketing';

export function SolutionRoute() {
  return <SolutionPage />;
}
