import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { operationRecordsKey } from './get-operation-records';

/** DELETE /api/sysOperationRecord/deleteSysOperationRecordByIds {ids} → {deleted} (how many existed). */
export async function deleteOperationRecords(ids: number[]): Promise<number> {
  return unwrap(await api.delete<{ deleted: number }>('/sysOperationRecord/deleteSysOperationRecordByIds', { ids })).deleted;
}

export function useDeleteOperationRecords() {
  return useApiMutation(deleteOperationRecords, { invalidate: [operationRecordsKey] });
}
