import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { FileRef, OrderFile } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/delFile → OrderFile[]: detaches a file. */
export const deleteFile = postCall<FileRef, OrderFile[]>('/work/delFile');

export function useDeleteFile() {
  return useApiMutation(deleteFile, { invalidate: [workKeys.orders] });
}
