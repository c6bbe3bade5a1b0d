import { postCall } from '@/lib/calls';
import type { BoardSettings, SaveBoard } from '../types';

/** POST /api/dataReport/chart_save: create/rename/share a board, add/change/delete a chart, delete a board → the board now. */
export const saveBoard = postCall<SaveBoard, BoardSettings>('/dataReport/chart_save');
