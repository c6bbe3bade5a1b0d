import { postCall, useCallQuery } from '@/lib/calls';
import type { BoardSettings } from '../types';
import { boardsKey } from './keys';

/** POST /api/dataReport/chart_setting {boardId?} → the board (the first when none is named), its charts in order, the enumerations. */
export const getBoard = postCall<{ boardId?: number | null }, BoardSettings>('/dataReport/chart_setting', { noSupersede: true });

/** The query key of a board as `useBoard(boardId)` reads it (to put a saved board's answer in its place). */
export function boardQueryKey(boardId: number | null) {
  return [...boardsKey, 'board', { boardId }] as const;
}

export function useBoard(boardId: number | null) {
  return useCallQuery([...boardsKey, 'board'], getBoard, { boardId });
}
