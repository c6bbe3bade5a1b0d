import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { LogInput, LogRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/save_log → LogRow: a note with images on the timeline. */
export const saveNote = postCall<LogInput, LogRow>('/work/save_log');

export function useSaveNote() {
  return useApiMutation(saveNote, { invalidate: [workKeys.orders] });
}
