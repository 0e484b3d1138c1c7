import {
  DEFAULT_TIME_ZONE,
  FINANCE_MESSAGES,
  formatWireDate,
  type IsoDate,
  localDate,
  OWN_SALES_CHANNELS,
  type SalesChannel,
  type TransactionalReportRequest,
  zonedRange,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { recordAudit } from '../audit/audit.record.js';
import { queueEmail } from '../notifications/outbox.service.js';
import { transactionalCsv, transactionalPdf } from './finance.documents.js';
import * as q from './finance.queries.js';
import { fortnight, MARKETPLACE_FLAGS, OWN, registeredEmail, scopeOf, staffOf } from './finance.service.js';

/**
 * The transactional report of the given locations as PDF and CSV. Each location's email gets a
 * document of that location alone (its rows only); a download may cover several.
 */
export async function transactionalDocument(
  db: DbOrTx,
  locations: q.LocationRow[],
  from: IsoDate,
  to: IsoDate,
  channels: SalesChannel[],
  made: { today: IsoDate; providerAbn: string | null },
) {
  const windows = locations.map((l) => ({
    id: l.id,
    name: l.name,
    timeZone: l.timeZone,
    ...zonedRange(from, to, l.timeZone),
  }));
  const orders = await q.platformOrders(db, windows, channels);
  const refunds = await q.channelRefunds(
    db,
    windows,
    channels.filter((c) => OWN.has(c)),
  );
  // The operator named in the header: the locations' one operator, if they share one.
  const operatorIds = [...new Set(locations.map((l) => l.externalOperatorId))];
  const operator =
    operatorIds.length === 1 && operatorIds[0] !== null ? await q.findOperator(db, operatorIds[0]!) : null;
  const data = {
    from,
    to,
    locations: locations.map((l) => l.name),
    channels,
    orders,
    refunds,
    operator: operator ? { businessName: operator.businessName, abn: operator.abn } : null,
    ...made,
  };
  // A location's own file name, so two locations' attachments are never taken for the same file.
  const place = locations.length === 1 ? `${locations[0]!.name.replace(/[^A-Za-z0-9]+/g, '-')}-` : '';
  const name = `transactions-${place}${formatWireDate(from).replace(/ /g, '-')}`;
  const pdf = await transactionalPdf(data);
  const csv = transactionalCsv(data);
  return {
    pdf,
    csv,
    attachments: [
      { filename: `${name}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64') },
      { filename: `${name}.csv`, contentType: 'text/csv', content: Buffer.from(csv).toString('base64') },
    ],
  };
}

function chosenChannels(input: TransactionalReportRequest): SalesChannel[] {
  return [...(input.own_channels ? OWN_SALES_CHANNELS : []), ...MARKETPLACE_FLAGS.filter((c) => input[c])];
}

/**
 * The orders of the chosen platforms (and of our own channels, with each card refund on its own
 * row) of a location (or all) for a fortnight, emailed as PDF and CSV.
 */
export async function transactionalReport(app: AppContext, actor: Actor, input: TransactionalReportRequest) {
  const user = staffOf(actor);
  const { from, to } = fortnight(input);
  const scope = await scopeOf(app, { kitchaco: input.kitchaco });
  const channels = chosenChannels(input);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    for (const location of scope.locations) {
      const operator = location.externalOperatorId
        ? await q.findOperator(tx, location.externalOperatorId)
        : null;
      const doc = await transactionalDocument(tx, [location], from, to, channels, {
        today: localDate(now, DEFAULT_TIME_ZONE),
        providerAbn: app.config.providerAbn,
      });
      const recipient = registeredEmail(location, operator, user.email);
      await recordAudit(tx, {
        entityId: `${location.id}:${from}`,
        locationId: location.id,
        summary: `Transactional report of ${location.name} ${formatWireDate(from)} - ${formatWireDate(to)} emailed to ${recipient}`,
        before: null,
        after: { to: recipient, channels },
      });
      await queueEmail(tx, now, {
        to: recipient,
        subject: `Kitchaco transactional report ${location.name} ${formatWireDate(from)} - ${formatWireDate(to)}`,
        body: `The orders${input.own_channels ? ' and card refunds' : ''} of ${location.name} from ${formatWireDate(from)} to ${formatWireDate(to)} are attached.`,
        attachments: doc.attachments,
      });
    }
  });
  return { success: true as const, message: FINANCE_MESSAGES.txnSent };
}

export async function transactionalDownload(
  app: AppContext,
  input: TransactionalReportRequest,
  format: 'pdf' | 'csv',
) {
  const { from, to } = fortnight(input);
  const scope = await scopeOf(app, { kitchaco: input.kitchaco });
  const doc = await transactionalDocument(app.db, scope.locations, from, to, chosenChannels(input), {
    today: localDate(app.clock.now(), DEFAULT_TIME_ZONE),
    providerAbn: app.config.providerAbn,
  });
  return format === 'pdf' ? doc.pdf : Buffer.from(doc.csv, 'utf8');
}
