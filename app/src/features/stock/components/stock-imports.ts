/**
 * The imports of the stock screens through the generic `/web/tool/csv` (docs/stock.md "Imports"): opening stock (an
 * `adjust` document per warehouse) and tyres as assets (a `receipt` document). All rows or none; row errors named.
 */
import type { ResourceImport } from '@/components/crud/resource-view';
import { importTable } from '@/features/system';

/** warehouse (name), item code, quantity, unit cost. */
export const OPENING_TEMPLATE = ['warehouse', 'itemCode', 'quantity', 'unitCost'] as const;
/** serial, DOT code, item code (a tyre item), warehouse (name), purchase cost. */
export const TYRE_TEMPLATE = ['serial', 'dot', 'itemCode', 'warehouse', 'purchaseCost'] as const;

export function openingImport(title: string): ResourceImport {
  return { title, templateColumns: OPENING_TEMPLATE, templateName: 'stock_opening', upload: (file, name) => importTable('stock_opening', file, name) };
}

export function tyreImport(title: string): ResourceImport {
  return { title, templateColumns: TYRE_TEMPLATE, templateName: 'tyre_assets', upload: (file, name) => importTable('tyre_assets', file, name) };
}
