import { addDays, daysBetween, type IsoDate } from '@kitchaco/domain';
import { feedPosts, fortnightPeriods, kiosks, promoCodes } from '../db/schema/index.js';
import { insertRows } from './batch.js';
import { FEED_POSTS } from './catalog.js';
import type { LocationPlan, SeedContext, SeededMenu } from './seed-context.js';

/** Seeding phase: the feed, promo codes, kiosks and fortnight periods. */

/** Fortnights are aligned to this Monday, so the periods do not move as the clock does. */
const FORTNIGHT_ANCHOR: IsoDate = '2024-01-01';

export async function seedContent(
  context: SeedContext,
  plans: LocationPlan[],
  vendorRows: SeededMenu['vendorRows'],
): Promise<void> {
  const { db, rngRef, now, today, firstDay } = context;
  // --- Content: feed, promo codes, kiosks, fortnight periods ------------------------------------
  /** A post about a brand links to that brand's page at the location it names. */
  const brandLink = (brand: { title: string; location: string }) => {
    const plan = plans.find((p) => p.def.name === brand.location);
    const vendor = vendorRows.find((v) => v.locationId === plan?.id && v.title === brand.title);
    if (!vendor?.id) throw new Error(`Feed post about ${brand.title} at ${brand.location}: no such brand`);
    return `/vendor:${vendor.id}`;
  };
  await insertRows(
    db,
    feedPosts,
    FEED_POSTS.map((post, i) => ({
      id: i + 1,
      title: post.title,
      body: post.body,
      image: null,
      link: post.brand ? brandLink(post.brand) : post.link,
      publishedAt: new Date(now.getTime() - post.daysAgo * 86_400_000),
    })),
  );
  await insertRows(db, promoCodes, [
    {
      code: 'WELCOME10',
      description: '10% off your order',
      percentOff: 10,
      amountOff: null,
      minSubTotal: '0.00',
      validFrom: null,
      validUntil: null,
    },
    {
      code: 'FIVEOFF',
      description: '$5 off orders of $25 or more',
      percentOff: null,
      amountOff: '5.00',
      minSubTotal: '25.00',
      validFrom: null,
      validUntil: null,
    },
  ]);

  const kioskRows: (typeof kiosks.$inferInsert)[] = [];
  for (const plan of plans) {
    const count = plan.id === 1 ? 2 : rngRef.chance(0.4) ? 2 : 1;
    for (let k = 1; k <= count; k++) {
      const connected = k === 1 && plan.id % 2 === 1;
      kioskRows.push({
        id: kioskRows.length + 1,
        locationId: plan.id,
        username: `${plan.slug}-kiosk-${k}`,
        phone: `+614${rngRef.chars(8, '0123456789')}`,
        squareTerminalDeviceCode: connected ? rngRef.chars(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ') : '0',
        squareTerminalDeviceId: connected ? `121CS${rngRef.chars(11, '0123456789ABCDEF')}` : '0',
        deviceCodeExpiresAt: null,
      });
    }
  }
  await insertRows(db, kiosks, kioskRows);

  const periodRows: (typeof fortnightPeriods.$inferInsert)[] = [];
  const offset = ((daysBetween(FORTNIGHT_ANCHOR, firstDay) % 14) + 14) % 14;
  for (let start = addDays(firstDay, -offset); start <= today; start = addDays(start, 14)) {
    periodRows.push({ id: periodRows.length + 1, startDate: start, endDate: addDays(start, 13) });
  }
  await insertRows(db, fortnightPeriods, periodRows);
}
