import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { fileListKey } from './get-file-list';

/** DELETE /api/fileUploadAndDownload/deleteFile {ID}: the record, then the stored object. */
export async function deleteFile(ID: number): Promise<unknown> {
  return unwrap(await api.delete('/fileUploadAndDownload/deleteFile', { ID }));
}

export function useDeleteFile() {
  return useApiMutation(deleteFile, { invalidate: [fileListKey] });
}
