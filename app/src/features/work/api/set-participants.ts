import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Participants, Person } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/participant → Person[]: replaces the participants (reads them without userIds). */
export const setParticipants = postCall<Participants, Person[]>('/work/participant');

export function useSetParticipants() {
  return useApiMutation(setParticipants, { invalidate: [workKeys.orders] });
}
