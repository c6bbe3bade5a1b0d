import { useMutation } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { Uploaded } from '@/lib/api-types';

/** What the upload call answers: where the file is served (`/uploads/…`), its stored name and size, its record id. */
export type UploadedFile = Uploaded;

/**
 * POST /api/web/tool/aliyun/uploading, multipart field `file` (99999 ms time-out) → {url, name, key, size, ID}: the
 * console's general upload (the server stores it with its configured store; the name is kept for its own).
 */
export async function uploadImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return unwrap(await api.post<UploadedFile>('/web/tool/aliyun/uploading', form));
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
