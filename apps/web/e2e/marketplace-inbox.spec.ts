import {
  INBOX_STATUSES,
  type MarketplaceInboxRow,
  marketplaceInboxResponse,
  marketplaceInboxRetryResponse,
} from '@kitchaco/domain';
import type { Locator, Page, Request } from '@playwright/test';
import { expect, expectAccessible, loginAs, test } from './fixtures';

/**
 * The super admin watches the marketplace webhook inbox and puts a failed Uber Eats event back for
 * the worker. The demo has no Uber Eats credentials, so its inbox never fills by itself: the journey
 * answers `marketplace_inbox` (after the real server did) with a failed and a processed event, as
 * the server presents them (checked with the same schema), and stands in for the retry's answer.
 */

const ORDER_ID = '2f0a3c2e-8f4f-4b1a-9a52-0c4d1f0b7e11';
const FAILED_EVENT = 'c7a1e5e2-1a7b-4a52-9a7e-2f4b0f6d1e31';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const failed: MarketplaceInboxRow = {
  id: 7,
  platform: 'uber_eats',
  event_id: FAILED_EVENT,
  event_type: 'orders.notification',
  resource_id: ORDER_ID,
  status: 'failed',
  attempts: 8,
  last_error: `Uber answered 503 to GET /v2/eats/order/${ORDER_ID}: service unavailable`,
  outcome: null,
  received_at: minutesAgo(9),
  next_attempt_at: null,
  processed_at: null,
};

const processed: MarketplaceInboxRow = {
  id: 6,
  platform: 'uber_eats',
  event_id: '0b9d4c1e-55aa-4f0e-8d0c-6e2a7b3c9f40',
  event_type: 'orders.notification',
  resource_id: 'a41c7e90-3d2b-4c55-9e1f-7b8a2d6c0e55',
  status: 'processed',
  attempts: 1,
  last_error: null,
  outcome: 'order #1042 accepted',
  received_at: minutesAgo(25),
  next_attempt_at: null,
  processed_at: minutesAgo(25),
};

/** The failed event once Retry put it back: waiting for the worker, its attempts counted afresh. */
const requeued: MarketplaceInboxRow = {
  ...failed,
  status: 'pending',
  attempts: 0,
  next_attempt_at: new Date().toISOString(),
};

interface AdminQuery {
  query_type?: string;
  platform?: string;
  status?: string;
  id?: number;
}

const adminQuery = (request: Request) =>
  new URL(request.url()).pathname === '/api/v1/admin-data/' && request.method() === 'POST'
    ? (request.postDataJSON() as AdminQuery)
    : null;

/** What the stand-in answered: when the inbox was read, and whether Retry was asked. */
interface StoodInInbox {
  reads: number[];
  /** When Retry was asked (ms), if it was. */
  retriedAt: number | null;
}

/**
 * Answers the inbox calls, filtered and counted as the server does: the failed and the processed
 * event, and once Retry is asked, the failed one back in the queue.
 */
async function standInForInbox(page: Page, inbox: StoodInInbox) {
  await page.route('**/api/v1/admin-data/', async (route) => {
    const query = adminQuery(route.request());
    if (query?.query_type === 'marketplace_inbox') {
      inbox.reads.push(Date.now());
      // The real call first: it is declared, allowed to the super admin and answers.
      const response = await route.fetch();
      expect(response.status(), 'the server answers marketplace_inbox').toBe(200);
      const platformRows = (inbox.retriedAt !== null ? [requeued, processed] : [failed, processed]).filter(
        (r) => !query.platform || r.platform === query.platform,
      );
      const counts = Object.fromEntries(
        INBOX_STATUSES.map((status) => [status, platformRows.filter((r) => r.status === status).length]),
      );
      const body = marketplaceInboxResponse.parse({
        success: true,
        rows: platformRows.filter((r) => !query.status || r.status === query.status),
        counts,
      });
      return route.fulfill({ response, json: body });
    }
    if (query?.query_type === 'marketplace_inbox_retry') {
      inbox.retriedAt = Date.now();
      return route.fulfill({ json: marketplaceInboxRetryResponse.parse({ success: true, row: requeued }) });
    }
    return route.fallback();
  });
}

/** A count of the "Events by status" list. */
function count(counts: Locator, status: string) {
  return counts
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${status}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

const BUSINESS_TIME = /^\d\d \w{3} \d{4} \d\d:\d\d:\d\d [AP]M$/;

test.describe('super admin', () => {
  test('reads the webhook inbox and puts a failed Uber Eats event back for the worker', async ({ page }) => {
    const stood: StoodInInbox = { reads: [], retriedAt: null };
    await standInForInbox(page, stood);

    await loginAs(page, 'super_admin');
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Marketplaces' }).click();
    await expect(page).toHaveURL(/\/admin-marketplaces$/);
    await page.getByRole('tab', { name: 'Webhook inbox' }).click();
    const inbox = page.getByRole('region', { name: 'Webhook inbox' });
    await expect(inbox.getByRole('heading', { name: 'Webhook inbox' })).toBeVisible();

    // Counts by status, and both events newest first with what became of each.
    const counts = inbox.getByRole('region', { name: 'Events by status, all platforms' });
    await expect(count(counts, 'Pending')).toHaveText('0');
    await expect(count(counts, 'Processed')).toHaveText('1');
    await expect(count(counts, 'Failed')).toHaveText('1');
    const table = inbox.getByRole('table', { name: 'Webhook events' });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(3);
    const failedRow = rows.nth(1);
    const cells = failedRow.getByRole('cell');
    await expect(cells.nth(0)).toHaveText(BUSINESS_TIME);
    await expect(cells.nth(1)).toHaveText('Uber Eatsorders.notification');
    await expect(cells.nth(2)).toHaveText(`Order${ORDER_ID}event ${FAILED_EVENT}`);
    await expect(cells.nth(3)).toHaveText('Failed');
    await expect(cells.nth(4)).toHaveText('8');
    await expect(cells.nth(5)).toHaveText(failed.last_error ?? '');
    await expect(cells.nth(6)).toHaveText('—');
    const processedRow = rows.nth(2);
    await expect(processedRow).toContainText('Processed');
    await expect(processedRow).toContainText('order #1042 accepted');
    await expect(processedRow.getByRole('cell').nth(6)).toHaveText(BUSINESS_TIME);
    await expect(processedRow.getByRole('button')).toHaveCount(0);
    await expectAccessible(page, 'webhook inbox');

    // Retry sends the event's id; the list is read again at once and shows it waiting for the worker.
    const retry = failedRow.getByRole('button', { name: `Retry Uber Eats event ${FAILED_EVENT}` });
    const sent = page.waitForRequest((r) => adminQuery(r)?.query_type === 'marketplace_inbox_retry');
    await retry.click();
    expect((await sent).postDataJSON()).toEqual({ query_type: 'marketplace_inbox_retry', id: failed.id });
    await expect(
      page.getByText(`Uber Eats event ${FAILED_EVENT} is queued again: the worker takes it within seconds.`),
    ).toBeVisible();
    // Sooner than the 10-second refresh: the retry itself makes the list read again.
    await expect
      .poll(() => stood.reads.some((at) => at >= (stood.retriedAt ?? Number.POSITIVE_INFINITY)), {
        timeout: 3_000,
      })
      .toBe(true);
    await expect(cells.nth(3)).toHaveText('Pending');
    await expect(cells.nth(4)).toHaveText('0');
    // Retry keeps the last error to read until the worker's next attempt.
    await expect(cells.nth(5)).toContainText(`Last error: ${failed.last_error}`);
    await expect(cells.nth(5).getByText(/^Next attempt \d\d \w{3} \d{4}/)).toBeVisible();
    await expect(retry).toHaveCount(0);
    await expect(count(counts, 'Pending')).toHaveText('1');
    await expect(count(counts, 'Failed')).toHaveText('0');

    // The status filter goes to the server; nothing failed is left.
    const filtered = page.waitForRequest(
      (r) => adminQuery(r)?.query_type === 'marketplace_inbox' && adminQuery(r)?.status === 'failed',
    );
    await inbox.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await filtered;
    await expect(inbox.getByText('No webhook event matches this platform and status.')).toBeVisible();
    await expect(table).toHaveCount(0);
    await expectAccessible(page, 'webhook inbox filtered to failed events');
  });
});
