/** The public entry of features/profile: what other features and the app may use. */
export { uploadImage, useUploadImage } from './api/upload-image';
export type { UploadedFile } from './api/upload-image';
