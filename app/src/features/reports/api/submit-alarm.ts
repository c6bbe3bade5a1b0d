import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Incident } from '../types';
import { incidentsKey } from './get-incidents';

/** 1 acknowledges an active alarm (someone is on it); 2 clears an active or acknowledged one. */
export type AlarmAction = 1 | 2;

/** POST /api/web/car/alarmSubmit {id, state, note?} → the alarm as lists show it; the change reaches every open map over the socket. */
export const submitAlarm = postCall<{ id: number; state: AlarmAction; note?: string }, Incident>('/web/car/alarmSubmit');

export function useSubmitAlarm() {
  return useApiMutation(submitAlarm, { invalidate: [incidentsKey] });
}
