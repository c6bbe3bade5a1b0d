import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Document, MoveInput } from '../types';
import { AFTER_MOVE } from './keys';

/**
 * POST /api/web/drp/saveMove → {docNo, moves}: one document, all lines or none; a refused line is named in
 * `data.field` (`lines[2].quantity`).
 */
export const saveMove = postCall<MoveInput, Document>('/web/drp/saveMove');

export function useSaveMove() {
  return useApiMutation(saveMove, { invalidate: AFTER_MOVE, success: null });
}
