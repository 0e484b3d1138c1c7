import type { KitchenBumpStatus, KitchenTicket } from '@kitchaco/domain';
import { Badge, Box, Button, Group, Loader, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconVolume, IconVolumeOff, IconWifiOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiError } from '../../../api';
import { QueryError } from '../../../components/query-state';
import { useBumpTicket } from '../api/bump-ticket';
import { useKitchenTickets } from '../api/kitchen-tickets';
import { useLocationName } from '../api/location-name';
import { useKitchenSound } from '../hooks/use-kitchen-sound';
import { useKitchenStream } from '../hooks/use-kitchen-stream';
import { useNow } from '../hooks/use-now';
import {
  arrivals,
  canceledReason,
  cancellations,
  minutesSeconds,
  recentlyCanceled,
  recentlyDone,
  stationsOf,
  undoSecondsLeft,
} from '../lib/tickets';
import classes from './kitchen.module.css';
import { clockTime, TicketCard } from './ticket-card';

/** How long a new ticket stays highlighted. */
const FRESH_MS = 6_000;
/** A bumped ticket's button rests this long, so a double tap does not also mark it done. */
const BUMP_REST_MS = 700;

interface KitchenDisplayProps {
  token: string;
  /** The location shown; null: the signed-in account's own (kitchen staff, operators). */
  locationId: number | null;
  /** Its name when known (a super admin's choice); else it is looked up once the tickets say which. */
  locationName?: string;
  /** The menu of the top bar (pickup board, navigation, logout). */
  menu: ReactNode;
}

/**
 * New tickets since the last list: highlighted, announced and (when allowed) beeped; and tickets on
 * the columns that were called off since (their order canceled or refunded elsewhere): announced
 * with their own sound.
 */
function useArrivals(
  tickets: readonly KitchenTicket[] | undefined,
  onArrive: (fresh: KitchenTicket[]) => void,
  onCancel: (called: KitchenTicket[]) => void,
) {
  const previous = useRef<readonly KitchenTicket[] | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const arrive = useEffectEvent(onArrive);
  const cancel = useEffectEvent(onCancel);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!tickets) return;
    const before = previous.current;
    previous.current = tickets;
    // The first list is what the kitchen already has: nothing is new.
    if (before === null) return;
    const called = cancellations(before, tickets);
    if (called.length > 0) cancel(called);
    const came = arrivals(before, tickets);
    if (came.length === 0) return;
    const ids = came.map((t) => t.id);
    setFresh((current) => new Set([...current, ...ids]));
    arrive(came);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFresh((current) => new Set([...current].filter((id) => !ids.includes(id))));
    }, FRESH_MS);
    timers.current.add(timer);
  }, [tickets]);

  return fresh;
}

/**
 * The kitchen display of one location: tickets in columns by station (brand), oldest first, with
 * Start and Done; a "Recently done" strip with Undo for two minutes; new tickets arrive over the
 * event stream with a beep, a highlight and an announcement; a lost connection says so while the
 * tickets stay, and the list is read again and merged when it is back.
 */
export function KitchenDisplay({ token, locationId, locationName, menu }: KitchenDisplayProps) {
  const tickets = useKitchenTickets(locationId);
  const stream = useKitchenStream(token, locationId);
  const board = tickets.data;
  const lookedUp = useLocationName(locationName === undefined ? board?.kitchaco : undefined);
  const name = locationName ?? lookedUp;
  const now = useNow(board?.clockOffsetMs ?? 0);
  const sound = useKitchenSound();
  const [announcement, setAnnouncement] = useState('');
  const bump = useBumpTicket(locationId);
  const [resting, setResting] = useState<ReadonlySet<number>>(new Set());

  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());

  const fresh = useArrivals(
    board?.tickets,
    (came) => {
      setAnnouncement(came.map((t) => `New ticket #${t.order_number} for ${t.station.title}.`).join(' '));
      sound.play('new');
    },
    (called) => {
      setAnnouncement(
        called.map((t) => `Stop: #${t.order_number} for ${t.station.title}. ${canceledReason(t)}.`).join(' '),
      );
      sound.play('canceled');
    },
  );

  const rest = (id: number) => {
    setResting((current) => new Set([...current, id]));
    setTimeout(() => setResting((current) => new Set([...current].filter((r) => r !== id))), BUMP_REST_MS);
  };

  const move = (ticket: KitchenTicket, status: KitchenBumpStatus, what: string) => {
    rest(ticket.id);
    bump.mutate(
      { ticket, status },
      {
        onSuccess: () => setAnnouncement(`${what} #${ticket.order_number} for ${ticket.station.title}.`),
        onError: (error) => {
          const message =
            error instanceof ApiError && error.status === 409
              ? `Ticket #${ticket.order_number} (${ticket.station.title}) could not be changed: ${error.message}`
              : `Ticket #${ticket.order_number} (${ticket.station.title}) was not changed: ${error.message}`;
          notifications.show({ color: 'red', message, autoClose: 8_000 });
        },
      },
    );
  };

  const stations = board ? stationsOf(board.tickets) : [];
  const done = board ? recentlyDone(board.tickets, now) : [];
  const called = board ? recentlyCanceled(board.tickets, now).filter((t) => !dismissed.has(t.id)) : [];
  const toCook = stations.reduce((sum, s) => sum + s.tickets.length, 0);

  return (
    <div className={classes.screen}>
      <header className={classes.bar}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="md" wrap="wrap" align="baseline">
            <Title order={1} size="h2" c="white">
              Kitchen{name ? ` · ${name}` : ''}
            </Title>
            {board && (
              <>
                <Text size="xl" fw={700} ff="monospace" c="white">
                  <VisuallyHidden>Time </VisuallyHidden>
                  {clockTime(new Date(now).toISOString(), board.timeZone)}
                </Text>
                <Text size="lg" c="white">
                  {toCook === 1 ? '1 ticket to cook' : `${toCook} tickets to cook`}
                </Text>
              </>
            )}
          </Group>
          <Group gap="xs" wrap="wrap">
            {stream === 'live' && (
              <Group gap={6} wrap="nowrap" px="xs">
                <Box w={12} h={12} bg="green.5" style={{ borderRadius: '50%' }} aria-hidden />
                <Text c="white" fw={700}>
                  Live
                </Text>
              </Group>
            )}
            {sound.supported && sound.on && !sound.unlocked && (
              // The browser keeps audio locked until a tap: one button says what to do, not two.
              <Button
                className={classes.touch}
                color="yellow.4"
                c="black"
                leftSection={<IconVolumeOff aria-hidden size={20} />}
                onClick={sound.enable}
              >
                Tap to enable sound
              </Button>
            )}
            {sound.supported && (!sound.on || sound.unlocked) && (
              <Button
                className={classes.touch}
                variant="white"
                color="dark"
                aria-pressed={sound.on}
                leftSection={
                  sound.on ? <IconVolume aria-hidden size={20} /> : <IconVolumeOff aria-hidden size={20} />
                }
                onClick={() => (sound.on ? sound.setOn(false) : sound.enable())}
              >
                {sound.on ? 'Sound on' : 'Sound off'}
              </Button>
            )}
            {menu}
          </Group>
        </Group>
      </header>
      {stream === 'reconnecting' && (
        <div className={classes.banner} role="alert">
          <Group gap="xs" wrap="nowrap">
            <IconWifiOff aria-hidden size={22} />
            <span>Reconnecting… The tickets below may be out of date until the connection is back.</span>
          </Group>
        </div>
      )}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      <main className={classes.main}>
        {tickets.isPending && (
          <Group justify="center" py="xl">
            <Loader role="status" aria-label="Loading tickets" />
          </Group>
        )}
        {tickets.error && !board && (
          <QueryError
            title="The tickets could not be loaded"
            error={tickets.error}
            onRetry={() => void tickets.refetch()}
            retryClassName={classes.touch}
          />
        )}
        {called.length > 0 && (
          <section aria-labelledby="canceled-title" className={classes.canceled}>
            <Group gap="sm" align="center" wrap="wrap">
              <Title order={2} size="h4" id="canceled-title" c="white">
                Canceled: do not make
              </Title>
              <ul className={classes.recent}>
                {called.map((ticket) => (
                  <li key={ticket.id} className={classes.recentItem}>
                    <Text fw={700}>
                      #{ticket.order_number} {ticket.station.title}
                    </Text>
                    <Text size="sm">{canceledReason(ticket)}</Text>
                    <Button
                      className={classes.touch}
                      variant="default"
                      onClick={() => setDismissed((current) => new Set([...current, ticket.id]))}
                      aria-label={`Dismiss canceled #${ticket.order_number} ${ticket.station.title}`}
                    >
                      Dismiss
                    </Button>
                  </li>
                ))}
              </ul>
            </Group>
          </section>
        )}
        {done.length > 0 && (
          <section aria-labelledby="recently-done-title">
            <Group gap="sm" align="center" wrap="wrap">
              <Title order={2} size="h4" id="recently-done-title">
                Recently done
              </Title>
              <ul className={classes.recent}>
                {done.map((ticket) => (
                  <li key={ticket.id} className={classes.recentItem}>
                    <Text fw={700}>
                      #{ticket.order_number} {ticket.station.title}
                    </Text>
                    <Button
                      className={classes.touch}
                      variant="default"
                      disabled={resting.has(ticket.id)}
                      onClick={() => move(ticket, 'started', 'Back to cooking:')}
                      aria-label={`Undo #${ticket.order_number} ${ticket.station.title} (${minutesSeconds(undoSecondsLeft(ticket, now) * 1000)} left)`}
                    >
                      Undo {minutesSeconds(undoSecondsLeft(ticket, now) * 1000)}
                    </Button>
                  </li>
                ))}
              </ul>
            </Group>
          </section>
        )}
        {board && stations.length === 0 && (
          <Box py="xl">
            <Title order={2} size="h3" ta="center">
              No tickets to cook
            </Title>
            <Text ta="center" size="lg">
              New orders appear here by themselves.
            </Text>
          </Box>
        )}
        {board && stations.length > 0 && (
          <div className={classes.columns}>
            {stations.map((station) => {
              const headingId = `station-${station.vendorId}`;
              return (
                <section key={station.vendorId} className={classes.column} aria-labelledby={headingId}>
                  <Group className={classes.columnHeading} justify="space-between" gap="xs">
                    <Title order={2} size="h3" id={headingId}>
                      {station.title}
                    </Title>
                    <Badge size="xl" color="dark" variant="filled" circle aria-hidden>
                      {station.tickets.length}
                    </Badge>
                  </Group>
                  {station.tickets.map((ticket) => (
                    <TicketCard
                      key={ticket.id}
                      ticket={ticket}
                      timeZone={board.timeZone}
                      nowMs={now}
                      fresh={fresh.has(ticket.id)}
                      busy={resting.has(ticket.id)}
                      onBump={(t) =>
                        t.status === 'started' ? move(t, 'done', 'Done:') : move(t, 'started', 'Started:')
                      }
                    />
                  ))}
                </section>
              );
            })}
          </div>
        )}
      </main>
    </div>
  );
}
