import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { FileRecord } from '../../types';
import { fileListKey } from './get-file-list';

/**
 * POST /api/fileUploadAndDownload/upload, multipart field `file` (99999 ms time-out) → {file}: the new record. The
 * server checks size, extension and the leading bytes before it keeps anything.
 */
export async function uploadFile(file: File): Promise<FileRecord> {
  const form = new FormData();
  form.append('file', file);
  return unwrap(await api.post<{ file: FileRecord }>('/fileUploadAndDownload/upload', form)).file;
}

export function useUploadFile() {
  return useApiMutation(uploadFile, { invalidate: [fileListKey], success: null });
}
