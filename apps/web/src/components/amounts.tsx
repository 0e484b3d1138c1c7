import { formatAUD, toMills } from '@kitchaco/domain';
import { Table, type TableTdProps, type TableThProps } from '@mantine/core';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A wire amount (12.5) as "$12.50"; exact, through the domain's money module. */
export function aud(value: number): string {
  return formatAUD(toMills(value));
}

/** A number cell: right-aligned, tabular numerals, never wrapped. */
export function NumTd({ style, ...props }: TableTdProps & { children?: React.ReactNode }) {
  return <Table.Td ta="right" style={{ ...numeric, ...(style as object) }} {...props} />;
}

/** The header of a number column, aligned with its cells. */
export function NumTh(props: TableThProps & { children?: React.ReactNode }) {
  return <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} {...props} />;
}

export const tabularNums = numeric;

/** A quantity as typed (12, 0.25), without float noise. */
export function formatQty(qty: number): string {
  return String(Math.round(qty * 1000) / 1000);
}

/** A count with thousands separators: 12,345. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-AU');
}
