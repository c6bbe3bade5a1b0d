/**
 * The dashboard boards' shapes (`/dataReport/tags_list`, `chart_setting`, `chart_save`, `chart_sort`; docs/reports.md
 * "Dashboard boards"). Written here because the contract that carries them (branch reports-logs) has not reached
 * main's openapi.json yet, and its generated `Choice` names another type's shape; to be replaced by
 * `@/lib/api-types` (BoardRow, ChartRow, ChartInput, SaveBoard, ChartSortRequest) once it does.
 */

export type BoardKind = 'bar' | 'line' | 'pie' | 'gauge' | 'heatmap' | 'map' | 'waterfall' | 'scatter' | 'barRace';

/** A board as listed (the dashboard's tabs). */
export interface BoardRow {
  id: number;
  name: string;
  enterpriseId: number;
  ownerId: number;
  /** Shown to every member of the enterprise. */
  shared: boolean;
  /** The caller owns it (and may change it). */
  mine: boolean;
  charts: number;
  updatedAt: string;
}

/** A chart as stored. */
export interface BoardChart {
  id: number;
  boardId: number;
  title: string;
  kind: string;
  measure: string;
  secondMeasure?: string | null;
  grouping: string;
  range: string;
  startDate?: string | null;
  endDate?: string | null;
  topN?: number | null;
  enterpriseId?: number | null;
  /** Its place on the board, from 1. */
  sort: number;
}

/** A chart as sent to `chart_save`. */
export type ChartInput = Omit<BoardChart, 'id' | 'boardId' | 'sort'>;

/** One value of an enumeration, labelled in the request's language; kinds list the groupings they draw. */
export interface BoardChoice {
  value: string;
  label: string;
  groupings?: string[] | null;
}

export interface BoardChoices {
  kinds: BoardChoice[];
  measures: BoardChoice[];
  groupings: BoardChoice[];
  ranges: BoardChoice[];
}

/** A board with its charts in order, and the enumerations. */
export interface BoardSettings {
  board?: BoardRow | null;
  charts: BoardChart[];
  choices: BoardChoices;
}

/** `chart_save`: create or rename a board, add, change or delete a chart, delete the board. */
export interface SaveBoard {
  boardId?: number | null;
  boardName?: string | null;
  shared?: boolean | null;
  id?: number | null;
  chart?: ChartInput | null;
  delete?: boolean;
}

export interface SortBoard {
  boardId: number;
  ids: number[];
}
