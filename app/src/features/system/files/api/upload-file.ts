import { unwrap, useApiMutation } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import type { FileRecord } from '../../types';
import { fileListKey } from './get-file-list';

/** POST /api/fileUploadAndDownload/upload, multipart field `file` (99999 ms time-out). */
export async function uploadFile(file: File): Promise<FileRecord | null> {
  const form = new FormData();
  form.append('file', file);
  const data = unwrap(await api.post<{ file?: FileRecord } | null>('/fileUploadAndDownload/upload', form));
  return data?.file ?? null;
}

export function useUploadFile() {
  return useApiMutation(uploadFile, { invalidate: [fileListKey] });
}
