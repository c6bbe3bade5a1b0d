/** The public entry of features/tracks: what other features and the app may use (the views are reached by import()). */
export { TrackPlaybackLink } from './components/track-playback-link';
export { useInstant } from './api/get-instant';
