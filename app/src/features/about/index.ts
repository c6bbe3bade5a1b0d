/** The public entry of features/about: what other features and the app may use. */
export { AboutPage } from './components/about-page';
