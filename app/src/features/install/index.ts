/** The public entry of features/install: the installation page (/install). */
export { InstallPage } from './components/install-page';
