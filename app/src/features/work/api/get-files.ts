import { postCall, useCallQuery } from '@/lib/calls';
import type { OrderFile, OrderRef } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/fileList → OrderFile[]: an order's attachments. */
export const getFiles = postCall<OrderRef, OrderFile[]>('/work/fileList');

export function useFiles(payload: OrderRef, enabled = true) {
  return useCallQuery([...workKeys.order, 'get-files'], getFiles, payload, enabled);
}
