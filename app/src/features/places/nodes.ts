/** Route nodes: a drawn or changed line as nodes (names and stops kept where a node stayed), and the line's length. */
import { pathMetres, type LonLat } from '@/lib/geo';
import type { RouteNode } from './types';

const key = (lon: number, lat: number) => `${lon.toFixed(6)},${lat.toFixed(6)}`;

/** The nodes of a new path: a vertex where a node was keeps that node's name and stop flag. */
export function nodesOfPath(path: readonly LonLat[], previous: readonly RouteNode[]): RouteNode[] {
  const kept = new Map(previous.map((n) => [key(n.lon, n.lat), n]));
  return path.map(([lon, lat]) => kept.get(key(lon, lat)) ?? { lon, lat, name: '', stop: false });
}

export function pathOfNodes(nodes: readonly RouteNode[]): LonLat[] {
  return nodes.map((n) => [n.lon, n.lat] as const);
}

export function nodesLength(nodes: readonly RouteNode[]): number {
  return pathMetres(pathOfNodes(nodes));
}

/** A UTC day's span in RFC 3339 (the driven-day source of route nodes). */
export function daySpan(day: string): { start: string; end: string } {
  return { start: `${day}T00:00:00Z`, end: `${day}T23:59:59Z` };
}
