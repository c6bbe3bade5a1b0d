/** The public entry of features/marketing: what other features and the app may use. */
export { SaloonPage } from './components/saloon-page';
export { SolutionPage } from './components/solution-page';
export { TruckPage } from './components/truck-page';
