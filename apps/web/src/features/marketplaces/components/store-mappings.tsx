import { MARKETPLACE_PLATFORMS, type MarketplaceStore } from '@kitchaco/domain';
import {
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { QueryError } from '../../../components/query-state';
import { useMarketplaceStores } from '../api/get-marketplace-stores';
import { PLATFORM_OPTIONS, StoreForm } from './store-form';

const ALL = 'all';

/** Every platform store and the location and brand its orders go to, with add and edit. */
export function StoreMappings() {
  const stores = useMarketplaceStores();
  // null: closed; 'new': adding; a store: editing it.
  const [editing, setEditing] = useState<MarketplaceStore | 'new' | null>(null);
  const [shown, setShown] = useState<string>(ALL);

  if (stores.error) {
    return <QueryError title="The store mappings could not be loaded" error={stores.error} />;
  }
  if (!stores.data) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading store mappings" />
      </Group>
    );
  }
  const { locations } = stores.data;
  const list = stores.data.stores.filter((s) => shown === ALL || s.platform === shown);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="store-mappings-title">
      <Group justify="space-between" mb="sm">
        <div>
          <Text fw={700} id="store-mappings-title">
            Store mappings
          </Text>
          <Text size="sm" c="dimmed">
            An order from a store without a mapping is refused, by webhook and by import.
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>Add store</Button>
      </Group>
      <SegmentedControl
        aria-label="Platform shown"
        mb="sm"
        value={shown}
        onChange={setShown}
        data={[{ value: ALL, label: 'All platforms' }, ...PLATFORM_OPTIONS]}
      />
      {list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No store is mapped here yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-labelledby="store-mappings-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Platform</Table.Th>
                <Table.Th>Store ID</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Brand</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((store) => (
                <Table.Tr key={store.id}>
                  <Table.Td>{MARKETPLACE_PLATFORMS[store.platform].name}</Table.Td>
                  <Table.Td ff="monospace">{store.store_id}</Table.Td>
                  <Table.Td>{store.name}</Table.Td>
                  <Table.Td>{store.location}</Table.Td>
                  <Table.Td>{store.vendor ?? <Text c="dimmed">All brands</Text>}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setEditing(store)}
                      aria-label={`Edit ${MARKETPLACE_PLATFORMS[store.platform].name} store ${store.store_id}`}
                    >
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add a store mapping' : 'Edit store mapping'}
      >
        {editing !== null && (
          <StoreForm
            locations={locations}
            store={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Paper>
  );
}
