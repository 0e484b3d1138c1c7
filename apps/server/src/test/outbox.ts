import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { outbox } from '../db/schema/index.js';
import { openBody } from '../modules/notifications/outbox.service.js';

/**
 * An outbox row's text as the provider is handed it: sign-in codes are sealed in the row
 * (lib/seal.ts), so tests read them the way the worker does, with the app's APP_SECRET.
 */
export function unsealedBody(app: Pick<AppContext, 'config'>, row: { recipient: string; body: string }) {
  return openBody(app.config.secret, row);
}

/** The newest sign-in code queued for `phone`, as the customer's SMS would carry it. */
export async function codeFromOutbox(app: Pick<AppContext, 'db' | 'config'>, phone: string): Promise<string> {
  const [row] = await app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no code sent to ${phone}`);
  const code = /sign-in code is (\d{4})\b/.exec(unsealedBody(app, row))?.[1];
  if (!code) throw new Error(`the newest SMS to ${phone} carries no sign-in code`);
  return code;
}
