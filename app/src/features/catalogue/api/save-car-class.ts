import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { catalogueKeys } from './keys';

/** POST /api/web/carType/inUpCarClass: creates (no id), updates or (`delete`) deletes a vehicle class → the classes. */
export const saveCarClass = postCall<{ id?: number; name?: string; kind?: number; axleLayout?: string; deviceTypeId?: number; sort?: number; delete?: boolean }>('/web/carType/inUpCarClass');

export function useSaveCarClass() {
  return useApiMutation(saveCarClass, { invalidate: [catalogueKeys.carClasses] });
}
