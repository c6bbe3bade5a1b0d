/**
 * The stock, tyre-asset and service-record calls' shapes come from openapi.json (`@/lib/api-types`, generated) and
 * are re-exported here. This file keeps only what the contract does not describe: the literal unions the screens
 * name things by (labels, the move rules), the list filters without their paging, a page with its totals, and two
 * line shapes the generated types get wrong (MoveLineInput, ServiceLine: see there).
 */
import type {
  BalanceQuery,
  CostQuery,
  ItemQuery,
  MoveInput as ContractMoveInput,
  LineInput,
  NewTyre,
  PartnerQuery,
  RecordQuery,
  SaleQuery,
  ServiceQuery,
  ServiceRecord as ContractServiceRecord,
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
  LineInput,
  Mount,
  MountInput,
  NewTyre,
  Partner,
  PartnerInput,
  RecordCollect,
  SaleCollect,
  ServiceCollect,
  ServiceInput,
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

/** `state` of a tyre (TyreAsset) with a name: 1 in stock, 2 mounted, 3 retreading, 4 scrapped. */
export type TyreState = 1 | 2 | 3 | 4;

/** `kind` of an entry of a tyre's life (TyreEvent) with a name. */
export type TyreEventKind = 'receipt' | 'mount' | 'rotate' | 'dismount' | 'transfer' | 'retreadOut' | 'retreadIn' | 'scrap' | 'tread' | 'repair' | 'alarm';

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

// --- two lines the generated types get wrong ------------------------------------------------------------------------

/**
 * A line of a move (saveMove) as the server reads it (server/domain/src/stock/ledger.rs `LineInput`). openapi.json
 * holds one schema per name and two server types are called `LineInput`: the service record's line won, so the
 * generated MoveInput's lines lack `unitCost`, `tyres` and `tyreIds`. Until the contract names them apart, a move's
 * lines are these.
 */
export type MoveLineInput = Pick<LineInput, 'itemId' | 'quantity' | 'unitPrice'> & {
  /** Cost per unit of what comes in (receipt; default: the current average); a retread's cost on `retreadIn`. */
  unitCost?: number | null;
  /** Tyres received (receipt of a tyre item): none, or one per unit. */
  tyres?: NewTyre[];
  /** The tracked tyres moved (transfer, sale, scrap, retread), one per unit. */
  tyreIds?: number[];
};

/** The saveMove body: the generated one with the move's own lines. */
export type MoveInput = Omit<ContractMoveInput, 'lines'> & { lines: MoveLineInput[] };

/**
 * A line of a service record as the server answers it (server/domain/src/stock/services.rs `Line`). The generated
 * ServiceRecord's `Line` is another server type of that name (a work order's repair line: part/labour, hours), so
 * serviceInfo's and serviceList's lines are typed here until the contract names them apart.
 */
export interface ServiceLine {
  itemId: number;
  /** An item kind (ItemKind). */
  kind: number;
  name: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** Where a part came from (labour: none). */
  warehouseId?: number | null;
}

/** A service record (serviceInfo, serviceList): the generated one with its real lines. */
export type ServiceRecord = Omit<ContractServiceRecord, 'lines'> & { lines: ServiceLine[] };
