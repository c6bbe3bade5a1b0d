import { postCall } from '@/lib/calls';
import type { GeneratedNodes, NodeSource } from '../types';

/** POST /api/locus/xapi/route_genRouteNodes_action → {nodes, lengthM}: a line, a driven span or an upload simplified to route nodes. */
export const genRouteNodes = postCall<NodeSource & { tolerance?: number }, GeneratedNodes>('/locus/xapi/route_genRouteNodes_action');
