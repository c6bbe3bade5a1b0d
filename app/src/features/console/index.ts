/** The public entry of features/console: what other features and the app may use. */
export { ConsoleRoot } from './components/console-root';
export { ReloadView } from './components/reload';
export { RouteGuard } from './components/route-guard';
