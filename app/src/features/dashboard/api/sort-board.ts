import { postCall } from '@/lib/calls';
import type { BoardSettings, SortBoard } from '../types';

/** POST /api/dataReport/chart_sort {boardId, ids}: the board's charts in a new order (each exactly once) → the board now. */
export const sortBoard = postCall<SortBoard, BoardSettings>('/dataReport/chart_sort');
