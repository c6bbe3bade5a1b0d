/** The SIM carrier from the ICCID's first six digits (console-spec §9). Pure. */
export type Carrier = 'mobile' | 'unicom' | 'telecom' | 'unknown';

const PREFIXES: Readonly<Record<string, Carrier>> = {
  '898600': 'mobile',
  '898602': 'mobile',
  '898604': 'mobile',
  '898607': 'mobile',
  '898601': 'unicom',
  '898606': 'unicom',
  '898609': 'unicom',
  '898603': 'telecom',
  '898611': 'telecom',
};

export function simCarrier(iccid: string | null | undefined): Carrier {
  return PREFIXES[(iccid ?? '').trim().slice(0, 6)] ?? 'unknown';
}
