import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { FileRecord } from '../../types';

export interface FileListParams {
  page: number;
  pageSize: number;
  keyword?: string;
}

export const fileListKey = ['system', 'files'] as const;

/** POST /api/fileUploadAndDownload/getFileList {page, pageSize, keyword} → a page, newest first. */
export async function getFileList(params: FileListParams, signal?: AbortSignal): Promise<PageResult<FileRecord>> {
  return asPage(unwrap(await api.post<Partial<PageResult<FileRecord>>>('/fileUploadAndDownload/getFileList', { ...params }, { signal })));
}
