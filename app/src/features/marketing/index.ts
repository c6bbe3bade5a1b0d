/** The public entry of features/marketing: what other features and the app may use. */
export { SolutionPage } from './components/solution-page';
