import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import {
  deleteDisplay,
  deleteDisplaysSeenBefore,
  deleteInstanceDisplays,
  displaysByLocation,
  insertDisplay,
  touchInstanceDisplays,
} from './kitchen-displays.queries.js';

/** How often an instance says its kitchen displays are still open (one statement for all of them). */
export const DISPLAY_HEARTBEAT_MS = 30_000;
/** A display not heard from for this long is not counted: its instance died without closing it. */
export const DISPLAY_STALE_SECONDS = 90;
/** Rows this old are deleted by any instance's heartbeat. */
const DISPLAY_FORGET_MS = 10 * 60_000;

/**
 * The kitchen displays open on this instance, kept in the shared database so the health page
 * counts every instance's (docs/operations.md, "Health page"): a row when a kitchen stream opens,
 * deleted when it closes, and one UPDATE every 30 s for all of this instance's rows while any is
 * open. A crash leaves rows that stop being counted after 90 s.
 */
export class KitchenDisplayRegistry {
  readonly instanceId = randomUUID();
  private readonly open = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly app: AppContext) {}

  /** A display opened; answers its removal (called when the stream closes). */
  async opened(locationId: number | null): Promise<() => void> {
    const id = randomUUID();
    const { app } = this;
    try {
      await insertDisplay(app.db, { id, instanceId: this.instanceId, locationId, at: app.clock.now() });
    } catch (error) {
      // The screen still works; only the health page misses it until it reconnects.
      app.log.warn({ err: error }, 'a kitchen display could not be recorded');
      return () => {};
    }
    this.open.add(id);
    this.timer ??= setInterval(() => void this.heartbeat(), DISPLAY_HEARTBEAT_MS).unref();
    return () => {
      if (!this.open.delete(id)) return;
      if (this.open.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
      deleteDisplay(app.db, id).catch((error: unknown) =>
        app.log.warn({ err: error }, 'a closed kitchen display could not be removed'),
      );
    };
  }

  /** Moves this instance's displays' `seen_at`, and forgets dead instances' rows. */
  async heartbeat(): Promise<void> {
    const now = this.app.clock.now();
    try {
      await touchInstanceDisplays(this.app.db, this.instanceId, now);
      await deleteDisplaysSeenBefore(this.app.db, new Date(now.getTime() - DISPLAY_FORGET_MS));
    } catch (error) {
      this.app.log.warn({ err: error }, 'the kitchen displays heartbeat could not be written');
    }
  }

  /** The app closes: no more heartbeats, and this instance's rows go. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.open.clear();
    await deleteInstanceDisplays(this.app.db, this.instanceId).catch(() => {});
  }
}

const registries = new WeakMap<AppContext, KitchenDisplayRegistry>();

/** This instance's display registry (made on first use). */
export function kitchenDisplays(app: AppContext): KitchenDisplayRegistry {
  let registry = registries.get(app);
  if (!registry) {
    registry = new KitchenDisplayRegistry(app);
    registries.set(app, registry);
  }
  return registry;
}

/** Stops the registry if one was made (the app's close). */
export async function stopKitchenDisplays(app: AppContext): Promise<void> {
  await registries.get(app)?.stop();
}

/** Displays open on every instance, by location (null: a display of every location). */
export async function openDisplaysByLocation(app: AppContext) {
  const since = new Date(app.clock.now().getTime() - DISPLAY_STALE_SECONDS * 1000);
  return displaysByLocation(app.db, since);
}
