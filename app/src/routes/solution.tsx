import { SolutionPage } from '../features/marketing/components/solution-page';

export function SolutionRoute() {
  return <SolutionPage />;
}
