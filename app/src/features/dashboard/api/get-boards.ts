import { postCall, useCallQuery } from '@/lib/calls';
import type { BoardRow } from '../types';
import { boardsKey } from './keys';

/** POST /api/dataReport/tags_list → the boards the caller sees (own first), with their chart counts. */
export const getBoards = postCall<object, BoardRow[]>('/dataReport/tags_list', { noSupersede: true });

export function useBoards() {
  return useCallQuery([...boardsKey, 'list'], getBoards, {});
}
