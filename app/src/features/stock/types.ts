/**
 * The stock, tyre-asset and service-record calls' shapes come from openapi.json (`@/lib/api-types`, generated) and
 * are re-exported here. This file keeps only what the contract does not describe: the literal unions the screens
 * name things by (labels, the move rules), the list filters without their paging, and a page with its totals.
 */
import type {
  BalanceQuery,
  CostQuery,
  ItemQuery,
  PartnerQuery,
  RecordQuery,
  SaleQuery,
  ServiceQuery,
  TyreQuery,
  WarehouseQuery,
} from '@/lib/api-types';
import type { PageResult } from '@/lib/query';

export type {
  Balance,
  BalanceCollect,
  CarServiceRequest,
  CollectQuery,
  CollectRow,
  DismountInput,
  Document,
  DrpSetting,
  DrpSettingInput,
  ItemInput,
  Mount,
  MoveInput,
  MoveLineInput,
  MountInput,
  NewTyre,
  Partner,
  PartnerInput,
  RecordCollect,
  SaleCollect,
  ServiceCollect,
  ServiceInput,
  ServiceLine,
  ServiceLineInput,
  ServiceRecord,
  ServiceRow,
  ServiceSetting,
  ServiceSettingInput,
  ServiceSummary,
  StockItem,
  StockMove,
  TyreAsset,
  TyreCollect,
  TyreCost,
  TyreEvent,
  TyreInfo,
  TyreRef,
  Warehouse,
  WarehouseInput,
} from '@/lib/api-types';

/** A page of a list call that also answers the list's totals (`collect`; null when an answer carries none). */
export type CollectPage<R, C> = PageResult<R> & { collect: C | null };

// --- the names the screens go by (the contract has plain numbers and strings) -----------------------------------

/** `kind` of a move (MoveInput, StockMove): what each needs (model.KIND_NEEDS) and its name. */
export type MoveKind = 'receipt' | 'issue' | 'return' | 'transfer' | 'sale' | 'retreadOut' | 'retreadIn' | 'scrap' | 'adjust';

/** `kind` of an item (StockItem, Balance, a service line) with a name: 1 labour (not stocked), 2 part, 3 tyre. */
export type ItemKind = 1 | 2 | 3;

/** `state` of a tyre (TyreAsset) with a name: 1 in stock, 2 mounted, 3 retreading, 4 scrapped, 5 sold. */
export type TyreState = 1 | 2 | 3 | 4 | 5;

/** `kind` of an entry of a tyre's life (TyreEvent) with a name. */
export type TyreEventKind = 'receipt' | 'mount' | 'rotate' | 'dismount' | 'transfer' | 'retreadOut' | 'retreadIn' | 'scrap' | 'sale' | 'tread' | 'repair' | 'alarm';

/** `groupBy` of serviceListCollect (CollectQuery) with a name. */
export type ServiceGroupBy = 'vehicle' | 'item' | 'month';

// --- list filters: the calls' queries without their paging (the list adds it) -------------------------------------

type Filters<Q> = Omit<Q, 'page' | 'pageSize'>;

export type ItemListParams = Filters<ItemQuery>;
export type WarehouseListParams = Filters<WarehouseQuery>;
export type PartnerListParams = Filters<PartnerQuery>;
export type MoveListParams = Filters<RecordQuery>;
export type BalanceListParams = Filters<BalanceQuery>;
export type SaleListParams = Filters<SaleQuery>;
export type TyreListParams = Filters<TyreQuery>;
export type TyreCostParams = Filters<CostQuery>;
export type ServiceListParams = Filters<ServiceQuery>;
