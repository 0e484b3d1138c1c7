import type { MenuChangeField, MenuChangeKind, MenuChangeValues } from '@kitchaco/domain';
import { Badge, Image, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { aud } from '../../../components/amounts';
import { MealStatusBadge } from './meal-status-badge';

const FIELDS: Record<MenuChangeKind, readonly MenuChangeField[]> = {
  meal: ['name', 'price', 'description', 'category', 'status', 'image'],
  combo: ['name', 'price', 'status'],
  subitem: ['name', 'price', 'status'],
};

const LABEL: Record<MenuChangeField, string> = {
  name: 'Name',
  price: 'Price',
  description: 'Description',
  category: 'Category',
  status: 'Status',
  image: 'Picture',
};

function Picture({ src, alt }: { src: string | null | undefined; alt: string }) {
  if (!src) {
    return (
      <Text size="sm" c="dimmed">
        No picture
      </Text>
    );
  }
  return <Image src={src} alt={alt} w={120} h={90} fit="cover" radius="sm" />;
}

function fieldValue(
  field: MenuChangeField,
  kind: MenuChangeKind,
  values: MenuChangeValues,
  pictureAlt: string,
): ReactNode {
  switch (field) {
    case 'name':
      return values.name;
    case 'price':
      return kind === 'subitem' ? 'free' : aud(values.price);
    case 'description':
      return values.description ? (
        values.description
      ) : (
        <Text span c="dimmed" size="sm">
          None
        </Text>
      );
    case 'category':
      return (
        values.category ?? (
          <Text span c="dimmed" size="sm">
            None
          </Text>
        )
      );
    case 'status':
      return <MealStatusBadge status={values.status} size="sm" />;
    case 'image':
      return <Picture src={values.image} alt={pictureAlt} />;
  }
}

interface ChangeTableProps {
  kind: MenuChangeKind;
  /** The live values; null when nothing of the item is live yet (a new item). */
  before: MenuChangeValues | null | undefined;
  after: MenuChangeValues;
  changed: readonly MenuChangeField[];
  /** The table's accessible name, e.g. "Change to meal Pad Thai". */
  caption: string;
}

/**
 * A change field by field: the live value beside the proposed one, the changed rows marked (a tint
 * and the word "Changed", not the colour alone). A new item has only the proposed column.
 */
export function ChangeTable({ kind, before, after, changed, caption }: ChangeTableProps) {
  const marked = new Set(changed);
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" withTableBorder aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={130}>
              Field
            </Table.Th>
            {before && <Table.Th scope="col">Live now</Table.Th>}
            <Table.Th scope="col">{before ? 'Proposed' : 'Proposed (new)'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {FIELDS[kind].map((field) => {
            const isChanged = marked.has(field);
            return (
              <Table.Tr
                key={field}
                bg={isChanged ? 'var(--mantine-color-yellow-0)' : undefined}
                data-changed={isChanged || undefined}
              >
                <Table.Th scope="row" fw={isChanged ? 700 : 500}>
                  {LABEL[field]}
                  {isChanged && (
                    <Badge ml={6} size="xs" color="yellow.9" variant="light" c="dark.8" tt="none">
                      Changed
                    </Badge>
                  )}
                </Table.Th>
                {before && (
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {fieldValue(field, kind, before, `Current picture of ${before.name}`)}
                  </Table.Td>
                )}
                <Table.Td style={{ overflowWrap: 'anywhere' }} fw={isChanged ? 600 : undefined}>
                  {fieldValue(field, kind, after, `Proposed picture of ${after.name}`)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
