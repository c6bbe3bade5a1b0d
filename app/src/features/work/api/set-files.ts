import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { FilesInput, OrderFile } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/setFileList → OrderFile[]: attaches uploaded files. */
export const setFiles = postCall<FilesInput, OrderFile[]>('/work/setFileList');

export function useSetFiles() {
  return useApiMutation(setFiles, { invalidate: [workKeys.orders] });
}
