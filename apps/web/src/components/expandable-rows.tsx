import { ActionIcon, Table } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useToggleSet } from '../lib/use-toggle-set';

interface ExpandableRowsProps<Row extends { id: number }> {
  rows: readonly Row[];
  /** How many columns the table has, the Details column included: the details span them all. */
  columns: number;
  /** Starts the id of a row's details, which its Details button controls. */
  idPrefix: string;
  /** The Details button's accessible name, e.g. "Details of order #12". */
  detailsLabel: (row: Row) => string;
  /** The row's cells after the Details column. */
  cells: (row: Row) => ReactNode;
  /** What an open row shows below it. */
  details: (row: Row) => ReactNode;
}

/**
 * The body of a table whose first column is a Details chevron: each row opens (any number at once)
 * to a grey row below it spanning the table.
 */
export function ExpandableRows<Row extends { id: number }>({
  rows,
  columns,
  idPrefix,
  detailsLabel,
  cells,
  details,
}: ExpandableRowsProps<Row>) {
  const [open, toggle] = useToggleSet<number>();
  return (
    <Table.Tbody>
      {rows.map((row) => {
        const expanded = open.has(row.id);
        const detailsId = `${idPrefix}-${row.id}`;
        return (
          <Fragment key={row.id}>
            <Table.Tr>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  onClick={() => toggle(row.id)}
                  aria-expanded={expanded}
                  aria-controls={expanded ? detailsId : undefined}
                  aria-label={detailsLabel(row)}
                >
                  {expanded ? (
                    <IconChevronDown aria-hidden size={18} />
                  ) : (
                    <IconChevronRight aria-hidden size={18} />
                  )}
                </ActionIcon>
              </Table.Td>
              {cells(row)}
            </Table.Tr>
            {expanded && (
              <Table.Tr id={detailsId}>
                <Table.Td colSpan={columns} bg="var(--mantine-color-gray-0)">
                  {details(row)}
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    </Table.Tbody>
  );
}
