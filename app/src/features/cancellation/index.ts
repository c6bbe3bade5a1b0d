/** The public entry of features/cancellation: the account cancellation page (/cancellation). */
export { CancellationPage } from './components/cancellation-page';
