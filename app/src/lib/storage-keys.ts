/**
 * Every localStorage key the console uses, in one place (console-spec §3 "Session", §6 "Trusteeship").
 * Values are strings; JSON where noted.
 */
export const STORAGE_KEYS = {
  /** The session token (also in the `x-token` cookie, which the host reads). */
  token: 'token',
  /** JSON: the signed-in user (user info of console-spec §3). */
  userInfo: 'userInfo',
  /** JSON: `[{authorityId, enterpriseId?}]`, the user's roles; removed for visitors. */
  roleList: 'roleList',
  /** JSON: the trusteeship record `{colonyId, restrict, entId?, domain?}`; removed for visitors. */
  trusteeship: 'trusteeship',
  /** The current enterprise id (overrides the user's `current_enterprise_id`). */
  nowEntId: 'nowEntId',
  /** The current cluster (colony) id. */
  colonyId: 'colonyId',
  restrict: 'restrict',
  /** Optional client IP some deployments store; sent as `ip` when present. */
  ip: 'ip',
  /** An alternate account's token: replaces `x-token` on the login call (console-spec §7). */
  altToken: 'altToken',
  /** The id the server gave the automatic visitor sign-in last time. */
  visitorId: 'visitorId',
  lang: 'lang',
  /** The map's base layer: osm | amap | offline (features/map/tiles.ts). */
  mapTiles: 'mapTiles',
  /** '1' when the map shows the open work orders (features/map/order-layer.ts). */
  mapWorkOrders: 'mapWorkOrders',
  /** The POI types the map shows, comma-separated codes (features/map/poi-layer.ts). */
  mapPoiTypes: 'mapPoiTypes',
} as const;

/** Kept when the session is cleared (code 100, forced logout): preferences, not identity. */
export const KEEP_ON_CLEAR: readonly string[] = [STORAGE_KEYS.lang, 'sideMode', 'activeColor', 'baseColor', 'pressureUnit', 'tempUnit', STORAGE_KEYS.mapTiles, STORAGE_KEYS.mapWorkOrders, STORAGE_KEYS.mapPoiTypes, STORAGE_KEYS.visitorId];
