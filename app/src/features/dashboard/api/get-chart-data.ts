import { postCall } from '@/lib/calls';
import type { ChartPoint, ChartRequest } from '@/lib/api-types';

/** POST /api/dataReport/chart_data → [{label, value}]: one measure by one grouping over the period (board charts). */
export const getChartData = postCall<ChartRequest, ChartPoint[]>('/dataReport/chart_data', { noSupersede: true });
