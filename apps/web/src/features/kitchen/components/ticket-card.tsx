import { formatPickupTime, type KitchenTicket, type KitchenTicketLine } from '@kitchaco/domain';
import { Badge, Button, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';
import { channelBadge, orderTypeLabel, type Timing, ticketTiming } from '../lib/tickets';
import classes from './kitchen.module.css';

const TIMING_ICONS: Record<Timing, typeof IconCircleCheck> = {
  'on-time': IconCircleCheck,
  'due-soon': IconClockExclamation,
  late: IconAlertTriangle,
};

/** White on it is 6.6:1 (Mantine's darkest green is 4.4:1, under WCAG AA). */
const DONE_GREEN = '#1e6b30';

/** "12:45 PM" on the location's clock, whatever the screen's own time zone is. */
export function clockTime(iso: string, timeZone: string): string {
  return formatPickupTime(new Date(iso), timeZone);
}

function Line({ line }: { line: KitchenTicketLine }) {
  const extras = [
    ...(line.subitem ? [{ key: 'subitem', text: line.subitem }] : []),
    ...line.combos.map((combo, i) => ({
      key: `combo-${i}`,
      text: `+ ${combo.name}${combo.quantity > 1 ? ` × ${combo.quantity}` : ''}`,
    })),
  ];
  return (
    <li className={classes.line}>
      <Text span fw={800} size="xl">
        {line.quantity} ×
      </Text>{' '}
      <Text span fw={600} size="lg">
        {line.meal_name}
      </Text>
      {(extras.length > 0 || line.note) && (
        <ul className={classes.sub}>
          {extras.map((extra) => (
            <li key={extra.key}>{extra.text}</li>
          ))}
          {line.note && <li className={classes.note}>Note: {line.note}</li>}
        </ul>
      )}
    </li>
  );
}

interface TicketCardProps {
  ticket: KitchenTicket;
  /** The location's time zone: promised and started times are on its clock. */
  timeZone: string;
  nowMs: number;
  /** Just arrived: highlighted for a few seconds. */
  fresh: boolean;
  busy: boolean;
  onBump: (ticket: KitchenTicket) => void;
}

/**
 * One ticket on the pass: order number, channel, pickup or delivery, promised time and age (coloured
 * and said in words), the brand's lines with options, extras and notes in bold, and one big button:
 * Start a queued ticket, Done a started one.
 */
export function TicketCard({ ticket, timeZone, nowMs, fresh, busy, onBump }: TicketCardProps) {
  const { timing, label, age } = ticketTiming(ticket, nowMs);
  const TimingIcon = TIMING_ICONS[timing];
  const titleId = `ticket-${ticket.id}-title`;
  const started = ticket.status === 'started';
  const who = `#${ticket.order_number} ${ticket.station.title}`;
  return (
    <article
      className={classes.ticket}
      data-timing={timing}
      data-status={ticket.status}
      data-new={fresh || undefined}
      aria-labelledby={titleId}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
        <Title order={3} id={titleId} size="h2" style={{ lineHeight: 1.1 }}>
          #{ticket.order_number}
        </Title>
        <Group gap={6} justify="flex-end">
          <Badge size="lg" variant="filled" color="dark" tt="none" radius="sm">
            {channelBadge(ticket.channel)}
          </Badge>
          <Badge size="lg" variant="outline" color="dark" tt="none" radius="sm" c="black">
            {orderTypeLabel(ticket.order_type)}
          </Badge>
        </Group>
      </Group>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600}>
          {ticket.promised_source === 'scheduled' ? 'Ordered for' : 'Due'}{' '}
          {clockTime(ticket.promised_at, timeZone)}
          {ticket.customer_first_name ? ` · ${ticket.customer_first_name}` : ''}
        </Text>
        <Group gap={8} wrap="nowrap">
          <Text fw={700} size="lg" ff="monospace">
            <VisuallyHidden>Age </VisuallyHidden>
            {age}
          </Text>
          <span className={classes.chip} data-timing={timing}>
            <TimingIcon aria-hidden size={18} />
            {label}
          </span>
        </Group>
      </Group>
      {started && (
        <Text fw={700} c="blue.9">
          Cooking{ticket.started_at ? ` since ${clockTime(ticket.started_at, timeZone)}` : ''}
        </Text>
      )}
      <ul className={classes.lines} aria-label={`Items of ${who}`}>
        {ticket.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a ticket's lines have no id and never move
          <Line key={i} line={line} />
        ))}
      </ul>
      {ticket.notes && (
        <Text className={classes.note} size="lg">
          Note: {ticket.notes}
        </Text>
      )}
      <Button
        className={classes.bump}
        fullWidth
        size="xl"
        color={started ? DONE_GREEN : 'blue.8'}
        loading={busy}
        onClick={() => onBump(ticket)}
        aria-label={`${started ? 'Done' : 'Start'} ${who}`}
      >
        {started ? 'Done' : 'Start'}
      </Button>
    </article>
  );
}
