import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { LogInput, LogRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/save_log → LogRow: a note with images on the timeline. */
export const saveNote = postCall<LogInput, LogRow>('/work/save_log');

/** `quiet`: no "done" notice (a chat message shows up in the conversation, which says enough). */
export function useSaveNote({ quiet = false }: { quiet?: boolean } = {}) {
  return useApiMutation(saveNote, { invalidate: [workKeys.orders], success: quiet ? null : undefined });
}
