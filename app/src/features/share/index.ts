/** The public entry of features/share: what other features and the app may use. */
export { DiscussionSharePage } from './components/discussion-page';
export { SharePage } from './components/share-page';
export { sharePageMeta } from './share-meta';
