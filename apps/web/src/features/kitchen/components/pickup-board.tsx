import { formatPickupTime } from '@kitchaco/domain';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api';
import { DocumentTitle } from '../../../components/document-title';
import { usePickupBoard } from '../api/pickup-board';
import classes from './pickup-board.module.css';

/** The time now on the location's clock (its zone comes with the board). */
function useClock(timeZone: string | undefined): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 10_000);
    return () => clearInterval(timer);
  }, []);
  return timeZone ? formatPickupTime(now, timeZone) : '';
}

function Problem({ title, children }: { title: string; children: string }) {
  return (
    <main className={classes.screen}>
      <div className={classes.problem} role="alert">
        <h1>{title}</h1>
        <p>{children}</p>
      </div>
    </main>
  );
}

function Column({
  kind,
  title,
  numbers,
  empty,
}: {
  kind: 'preparing' | 'ready';
  title: string;
  numbers: readonly string[];
  empty: string;
}) {
  const id = `pickup-${kind}`;
  return (
    <section className={classes[kind]} aria-labelledby={id}>
      <h2 className={classes.heading} id={id}>
        {title}
      </h2>
      {numbers.length === 0 ? (
        <p className={classes.empty}>{empty}</p>
      ) : (
        <ul className={classes.numbers} aria-labelledby={id}>
          {numbers.map((number) => (
            <li key={number} className={classes.number}>
              {number}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The counter screen of one location (no sign-in: the display's secret link is the key): order
 * numbers being prepared and ready, asked again every 5 seconds. A wrong or old link says so; a
 * network blip keeps the last board and says it is not current.
 */
export function PickupBoard({ display }: { display: string }) {
  const board = usePickupBoard(display);
  const clock = useClock(board.data?.location.time_zone);

  if (display === '') {
    return (
      <Problem title="This screen has no pickup board link">
        Open the pickup board link from the back office (Kitchen display, or the operator dashboard) on this
        screen.
      </Problem>
    );
  }
  if (board.error instanceof ApiError && board.error.status === 404) {
    return (
      <Problem title="This pickup board link does not work">
        It may have been replaced by a new one. Open the current link from the back office on this screen.
      </Problem>
    );
  }
  if (!board.data) {
    if (board.error) {
      return (
        <Problem title="The pickup board could not be loaded">
          {`${board.error.message} This screen tries again by itself.`}
        </Problem>
      );
    }
    return (
      <main className={classes.screen} aria-busy="true">
        <p className={classes.note} role="status">
          Loading the pickup board…
        </p>
      </main>
    );
  }

  const { location, preparing, ready } = board.data;
  return (
    <main className={classes.screen}>
      <DocumentTitle title={`Pickup board · ${location.name}`} />
      <div className={classes.top}>
        <h1 className={classes.location}>{location.name} · Order pickup</h1>
        <span className={classes.clock}>{clock}</span>
      </div>
      {board.error && (
        <p className={classes.stale} role="status">
          Reconnecting… The numbers below may be out of date.
        </p>
      )}
      <div className={classes.columns}>
        <Column
          kind="preparing"
          title="Preparing"
          numbers={preparing.map((o) => o.order_number)}
          empty="Nothing in the kitchen right now."
        />
        <Column
          kind="ready"
          title="Ready"
          numbers={ready.map((o) => o.order_number)}
          empty="No orders waiting."
        />
      </div>
      <p className={classes.note}>Your order number is in your confirmation message.</p>
    </main>
  );
}
