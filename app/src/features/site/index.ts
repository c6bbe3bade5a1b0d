/**
 * The public entry of features/site: the public site's route guard, and the head sync and visitor sign-in it shares
 * with the console's.
 */
export { HeadSync } from './components/head-sync';
export { SiteGuard } from './components/site-guard';
export { VisitorLogin } from './components/visitor-login';
