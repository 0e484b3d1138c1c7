import type { CsvRowErrorWire } from '@kitchaco/domain';
import { Paper, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { formatCount, NumTd, NumTh } from '../../../components/amounts';

interface RowErrorsTableProps {
  errors: readonly CsvRowErrorWire[];
  /** How many errors the file has, when the server listed only the first ones. */
  total?: number;
}

/** The bad rows of an uploaded file, as a spreadsheet numbers them: row, column, reason. */
export function RowErrorsTable({ errors, total = errors.length }: RowErrorsTableProps) {
  const titleId = useId();
  return (
    <Paper withBorder p="md">
      <Text fw={700} mb="xs" id={titleId}>
        Row errors
        {total > errors.length && ` (the first ${formatCount(errors.length)})`}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <NumTh>Row</NumTh>
              <Table.Th>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((e) => (
              <Table.Tr key={`${e.row}-${e.field}-${e.message}`}>
                <NumTd>{e.row}</NumTd>
                <Table.Td>{e.field}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
