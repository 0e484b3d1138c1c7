import { type StockOrder, toMills } from '@kitchaco/domain';
import { Alert, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { QueryError } from '../../../components/query-state';
import { SkipLink } from '../../../components/skip-link';
import { useStockOrderForm } from '../hooks/use-stock-order-form';
import { aud, GST_SLOT } from '../lib/stock-figures';
import { STOCK_PAGE_SIZE, skipGroups, stockPage } from '../lib/stock-pages';
import { ExpiryReminders } from './expiry-reminders';
import { StockListPager, StockListSearch } from './stock-list-pages';
import classes from './stock-order-form.module.css';
import { StockRow } from './stock-order-row';
import { MinimumNote, TotalFigure } from './stock-order-totals';

/** The running total and the order button, where the skip link over the stock list leads. */
const TOTALS_ID = 'stock-order-totals';
/** The order button, where the skip link after every few rows leads. */
const ORDER_BUTTON_ID = 'stock-order-button';

interface StockOrderFormProps {
  locationId: number;
  /** Editing an existing pending order; absent = a new order. */
  order?: StockOrder;
  /** Where the order history lives (after an edit, and for "view history"). */
  historyPath: string;
}

/**
 * The stock order table: one row per item of the location's list with par, the recommendation, a
 * quantity and the live sub total; totals priced by the same domain function the server uses.
 */
export function StockOrderForm({ locationId, order, historyPath }: StockOrderFormProps) {
  const f = useStockOrderForm({ locationId, order, historyPath });
  const { list, save, items, quantities, chosen, beforeFee, minimum, carriedFee, priced, recommended } = f;
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);

  if (list.isPending) return <Text>Loading the stock list…</Text>;
  if (list.error) {
    return <QueryError title="The stock list could not be loaded" error={list.error} />;
  }
  const { location, reminder_data: reminders } = list.data;
  const { problem, feeOffer, placed, submit } = f;
  // One page of the list at a time: hundreds of quantity fields at once took seconds to render.
  const shown = stockPage(items, {
    query,
    page,
    textOf: (i) => `${i.name} ${i.qty_type__qty_type} ${i.id}`,
  });
  const action = order ? 'Update Order' : 'Place Order';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {order ? `Edit order #${order.id}` : 'New stock order'}
          </Title>
          <Text c="dimmed" size="sm">
            {location.location}
            {order ? ` · placed ${order.order_date} at ${order.order_time}` : ''} · deliveries on{' '}
            {location.delivery_day || 'no set days'}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconSparkles aria-hidden size={18} />}
          onClick={f.fillRecommended}
          disabled={recommended.length === 0}
        >
          Use all recommended quantities
        </Button>
      </Group>

      {reminders.length > 0 && <ExpiryReminders reminders={reminders} />}

      {problem && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={f.dismissProblem}>
          {problem}
        </Alert>
      )}

      <StockListSearch
        query={query}
        onQuery={(q) => {
          setQuery(q);
          setPage(1);
        }}
        shown={shown}
        size={STOCK_PAGE_SIZE}
        total={items.length}
      />

      <SkipLink targetId={TOTALS_ID}>Skip to the order total</SkipLink>
      <Table
        striped
        highlightOnHover
        stickyHeader
        stickyHeaderOffset={0}
        verticalSpacing={6}
        aria-label="Stock items"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>ID</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right" w={80}>
              Par
            </Table.Th>
            <Table.Th ta="right" w={130}>
              Recommended
            </Table.Th>
            <Table.Th w={150}>Quantity</Table.Th>
            {/* Over the figures, past the slot of the GST marker. */}
            <Table.Th
              ta="right"
              w={150}
              style={{
                paddingRight: `calc(var(--table-horizontal-spacing, var(--mantine-spacing-xs)) + ${GST_SLOT}px)`,
              }}
            >
              Price
            </Table.Th>
            <Table.Th ta="right" w={130}>
              Sub total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {/* After every few rows a link to the order button: never more than 30 presses away. */}
          {skipGroups(shown.items).flatMap((group) =>
            group.map((item, n) => (
              <StockRow
                key={item.id}
                item={item}
                qty={quantities[item.id] ?? 0}
                onChange={f.setQty}
                skip={
                  n === group.length - 1 ? (
                    <SkipLink targetId={ORDER_BUTTON_ID} className={classes.afterRow}>
                      Skip to {action.toLowerCase()}
                    </SkipLink>
                  ) : undefined
                }
              />
            )),
          )}
        </Table.Tbody>
      </Table>
      <StockListPager shown={shown} onPage={setPage} label="Stock list pages" />

      {/* Sticky: the running total and the button stay in view down a long stock list. */}
      <Group
        justify="space-between"
        align="center"
        wrap="nowrap"
        gap="xl"
        pos="sticky"
        bottom={0}
        id={TOTALS_ID}
        tabIndex={-1}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 3 }}
      >
        <MinimumNote
          total={beforeFee.total}
          minimum={minimum}
          fee={toMills(location.min_stock_delivery_charge)}
          lines={chosen.length}
        />
        <Group gap="xl" wrap="nowrap" aria-label="Order totals" role="group">
          <TotalFigure label="Sub total" value={priced.subTotal} />
          <TotalFigure label="GST" value={priced.gst} />
          {carriedFee > 0 && <TotalFigure label="Delivery charge" value={carriedFee} />}
          <TotalFigure label="Total" value={priced.total} strong />
          <Button
            size="md"
            id={ORDER_BUTTON_ID}
            // An edit keeps the fee the order already carries while it stays below the minimum.
            onClick={() => submit(order && order.delivery_charge > 0 ? order.delivery_charge : undefined)}
            loading={save.isPending}
          >
            {action}
          </Button>
        </Group>
      </Group>

      <Modal opened={feeOffer !== null} onClose={f.closeFeeOffer} title="Below the minimum order">
        <Stack>
          <Text>{feeOffer?.message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={f.closeFeeOffer}>
              Cancel
            </Button>
            <Button onClick={() => submit(feeOffer?.fee)} loading={save.isPending}>
              Place order with {aud(feeOffer?.fee ?? 0)} delivery charge
            </Button>
          </Group>
        </Stack>
      </Modal>

      {/* Closed, the focus goes to the top of the (now empty) order, not to the far-down button. */}
      <Modal
        opened={placed !== null}
        onClose={f.closePlaced}
        title="Order placed"
        returnFocus={false}
        onExitTransitionEnd={() => heading.current?.focus()}
      >
        <Stack>
          <Text>{placed}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={f.viewHistory}>
              View order history
            </Button>
            <Button onClick={f.closePlaced}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
