/**
 * The shapes of the stock, tyre-asset and service-record calls, written by hand from docs/stock.md (issue 18) until
 * the calls reach openapi.json (then they come from `@/lib/api-types` like the other features'). Times are RFC 3339,
 * money is yuan with two decimals, quantities are numbers (tyres and pieces whole).
 */
import type { PageResult } from '@/lib/query';

/** A page of a list call that also answers the list's totals (`collect`). */
export type CollectPage<R, C> = PageResult<R> & { collect: C | null };

// --- settings ---------------------------------------------------------------------------------------------------

export type Valuation = 'average' | 'fifo';

export interface DrpSetting {
  entId: number;
  allowNegative: boolean;
  valuation: Valuation;
  /** The default low-stock threshold of items without their own; 0 = none. */
  lowStock: number;
  alertLowStock: boolean;
}

export interface ServiceSetting {
  entId: number;
  /** Yuan per hour. */
  labourRate: number | null;
  defaultWarehouseId: number | null;
  /** Null: no interval. */
  intervalKm: number | null;
  intervalDays: number | null;
  /** Per cent. */
  taxRate: number | null;
}

// --- items ------------------------------------------------------------------------------------------------------

/** 1 labour (a service, not stocked), 2 part, 3 tyre (a tyre model of the catalogue). */
export type ItemKind = 1 | 2 | 3;

export interface StockItem {
  id: number;
  entId: number;
  kind: ItemKind;
  code: string;
  name: string;
  unit: string;
  /** Selling / charging price. */
  price: number;
  tyreId: number | null;
  tyreBrand: string | null;
  tyreModel: string | null;
  tyreSpec: string | null;
  lowStock: number | null;
  enabled: boolean;
  /** In all warehouses. */
  quantity: number;
  createdAt: string;
  updatedAt: string;
}

export interface ItemListParams {
  kind?: ItemKind;
  keyword?: string;
  enabled?: boolean;
}

export interface ItemInput {
  kind: ItemKind;
  code?: string;
  name?: string;
  unit?: string;
  price?: number;
  tyreId?: number;
  lowStock?: number;
}

export interface ItemPatch {
  id: number;
  code?: string;
  name?: string;
  unit?: string;
  price?: number;
  lowStock?: number;
  enabled?: boolean;
}

// --- warehouses and partners ------------------------------------------------------------------------------------

export interface Warehouse {
  id: number;
  entId: number;
  name: string;
  address: string;
  keeper: string;
  phone: string;
  remark: string;
  /** Items held. */
  items: number;
  quantity: number;
  value: number;
  tyres: number;
  createdAt: string;
}

export interface WarehouseInput {
  name: string;
  address?: string;
  keeper?: string;
  phone?: string;
  remark?: string;
}

/** 1 supplier, 2 customer. */
export type PartnerKind = 1 | 2;

export interface Partner {
  id: number;
  entId: number;
  kind: PartnerKind;
  name: string;
  contact: string;
  phone: string;
  address: string;
  remark: string;
  /** Moves naming it. */
  moves: number;
  amount: number;
  createdAt: string;
}

export interface PartnerInput {
  id?: number;
  kind: PartnerKind;
  name: string;
  contact?: string;
  phone?: string;
  address?: string;
  remark?: string;
}

// --- the ledger -------------------------------------------------------------------------------------------------

export type MoveKind = 'receipt' | 'issue' | 'return' | 'transfer' | 'sale' | 'retreadOut' | 'retreadIn' | 'scrap' | 'adjust';

export interface TyreSerial {
  serial: string;
  dot?: string;
}

export interface MoveLineInput {
  itemId: number;
  quantity: number;
  unitCost?: number;
  unitPrice?: number;
  tyres?: TyreSerial[];
  tyreIds?: number[];
}

export interface MoveInput {
  kind: MoveKind;
  warehouseId: number;
  toWarehouseId?: number;
  supplierId?: number;
  customerId?: number;
  vehicleId?: number;
  workOrderId?: number;
  occurredAt?: string;
  remark?: string;
  lines: MoveLineInput[];
}

export interface StockMove {
  id: number;
  docNo: string;
  kind: MoveKind;
  warehouseId: number;
  warehouseName: string;
  itemId: number;
  itemCode: string;
  itemName: string;
  unit: string;
  /** Signed: + in, − out (sales lists answer it positive). */
  quantity: number;
  unitCost: number;
  amount: number;
  unitPrice: number | null;
  revenue: number | null;
  balanceAfter: number;
  supplierId: number | null;
  /** '' or null when none (so are customerName and plate). */
  supplierName: string | null;
  customerId: number | null;
  customerName: string | null;
  vehicleId: number | null;
  plate: string | null;
  workOrderId: number | null;
  tyres?: { id: number; serial: string }[] | null;
  remark: string;
  createdBy: number;
  createdByName: string;
  occurredAt: string;
}

export interface SavedMove {
  docNo: string;
  moves: StockMove[];
}

export interface MoveListParams {
  warehouseId?: number;
  itemId?: number;
  kind?: MoveKind;
  docNo?: string;
  supplierId?: number;
  customerId?: number;
  vehicleId?: number;
  workOrderId?: number;
  from?: string;
  to?: string;
}

export interface MoveCollect {
  quantityIn: number;
  quantityOut: number;
  amountIn: number;
  amountOut: number;
}

export interface Balance {
  warehouseId: number;
  warehouseName: string;
  itemId: number;
  itemCode: string;
  itemName: string;
  kind: ItemKind;
  unit: string;
  quantity: number;
  avgCost: number;
  value: number;
  lowStock: number | null;
  low: boolean;
  updatedAt: string;
}

export interface BalanceListParams {
  warehouseId?: number;
  itemId?: number;
  kind?: ItemKind;
  keyword?: string;
  low?: boolean;
}

export interface BalanceCollect {
  items: number;
  quantity: number;
  value: number;
  low: number;
}

export interface SaleListParams {
  customerId?: number;
  itemId?: number;
  from?: string;
  to?: string;
}

export interface SaleCollect {
  quantity: number;
  revenue: number;
  cost: number;
  profit: number;
}

// --- tyres ------------------------------------------------------------------------------------------------------

/** 1 in stock, 2 mounted, 3 retreading, 4 scrapped. */
export type TyreState = 1 | 2 | 3 | 4;

export interface TyreAsset {
  id: number;
  entId: number;
  serial: string;
  dot: string;
  itemId: number;
  tyreId: number | null;
  brand: string;
  model: string;
  spec: string;
  purchaseCost: number;
  state: TyreState;
  warehouseId: number | null;
  warehouseName: string | null;
  vehicleId: number | null;
  plate: string | null;
  /** axle * 10 + wheel. */
  position: number | null;
  /** km run. */
  mileage: number;
  /** mm */
  treadNew: number | null;
  treadLast: number | null;
  costPerKm: number | null;
  receivedAt: string;
  mountedAt: string | null;
}

export interface TyreListParams {
  state?: TyreState;
  keyword?: string;
  itemId?: number;
  brandId?: number;
  vehicleId?: number;
  warehouseId?: number;
}

export interface TyreCollect {
  inStock: number;
  mounted: number;
  retreading: number;
  scrapped: number;
}

export interface TyreMount {
  vehicleId: number;
  plate: string;
  position: number;
  from: string;
  /** Null while mounted. */
  to: string | null;
  km: number;
}

export interface TyreInfo extends TyreAsset {
  mounts: TyreMount[];
  /** mm per 1,000 km. */
  treadWearPer1000Km?: number | null;
  /** When the tread reaches 1.6 mm at this wear rate. */
  projectedReplacement?: string | null;
  underInflatedAlarms?: number | null;
}

export interface MountInput {
  id: number;
  vehicleId: number;
  position: number;
  workOrderId?: number;
  remark?: string;
}

export interface DismountInput {
  id: number;
  warehouseId: number;
  scrap?: boolean;
  remark?: string;
}

export type TyreGroupBy = 'tyre' | 'brand' | 'model';

export interface TyreCostParams {
  groupBy?: TyreGroupBy;
  from?: string;
  to?: string;
  brandId?: number;
  state?: TyreState;
}

export interface TyreCost {
  /** The tyre's, brand's or model's id (a number or text, as the grouping gives it). */
  key: string | number;
  name: string;
  tyres: number;
  mileage: number;
  cost: number;
  costPerKm: number | null;
  treadWearPer1000Km?: number | null;
  projectedReplacement?: string | null;
  underInflatedAlarms?: number | null;
}

export type TyreEventKind = 'receipt' | 'mount' | 'rotate' | 'dismount' | 'transfer' | 'retreadOut' | 'retreadIn' | 'scrap' | 'tread' | 'repair' | 'alarm';

export interface TyreEvent {
  at: string;
  kind: TyreEventKind;
  vehicleId: number | null;
  plate: string | null;
  position: number | null;
  mileage: number | null;
  detail: string;
  by: string;
}

// --- service records --------------------------------------------------------------------------------------------

export interface ServiceLineInput {
  itemId: number;
  quantity: number;
  unitPrice?: number;
  warehouseId?: number;
  tyreIds?: number[];
}

export interface ServiceCreate {
  item: string;
  content?: string;
  mileage?: number;
  cost?: number;
  servicedAt?: string;
  workOrderId?: number;
  lines?: ServiceLineInput[];
}

export interface ServiceLine {
  itemId: number;
  kind: ItemKind;
  name: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  warehouseId: number | null;
}

export interface ServiceRecord {
  id: number;
  vehicleId: number;
  plate: string;
  item: string;
  content: string;
  mileage: number | null;
  labourCost: number;
  partsCost: number;
  cost: number;
  servicedAt: string;
  workOrderId: number | null;
  createdBy: number;
  createdByName: string;
  lines: ServiceLine[];
}

export interface ServiceListParams {
  vehicleId?: number;
  keyword?: string;
  itemId?: number;
  from?: string;
  to?: string;
}

export interface ServiceCollect {
  count: number;
  labourCost: number;
  partsCost: number;
  cost: number;
}

export type ServiceGroupBy = 'vehicle' | 'item' | 'month';

export interface ServiceCollectRow {
  key: string;
  name: string;
  count: number;
  quantity: number;
  labourCost: number;
  partsCost: number;
  cost: number;
}

export interface ServiceCollectAnswer {
  rows: ServiceCollectRow[];
  total: ServiceCollectRow | ServiceCollect | null;
}
