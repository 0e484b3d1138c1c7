import { CONTACT_MESSAGES } from '@kitchaco/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'franchise@kitchaco.example', CONTACT_PER_ADDRESS_PER_HOUR: '2' });
});
afterAll(() => t.close());

const send = (payload: Record<string, unknown>, ip = '203.0.113.9') =>
  t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload, remoteAddress: ip });
const FORM = {
  name: 'Priya',
  phone: '0412 345 678',
  email: 'priya@example.test',
  message: 'I want to open a kitchen.',
};

describe('contact form', () => {
  it('keeps the message and emails it to the provider through the outbox', async () => {
    const res = await send(FORM);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: [{ status: 'sent', email: 'franchise@kitchaco.example' }],
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'franchise@kitchaco.example'));
    expect(mail?.subject).toBe('Website enquiry from Priya');
    expect(mail?.body).toContain('I want to open a kitchen.');
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('needs all four fields, with the spec message, and stores nothing', async () => {
    for (const missing of ['name', 'phone', 'email', 'message']) {
      const res = await send({ ...FORM, [missing]: '  ' }, '198.51.100.1');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(CONTACT_MESSAGES.required);
      expect(res.json().field).toBe(missing);
    }
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('limits messages per client address', async () => {
    expect((await send(FORM, '192.0.2.50')).statusCode).toBe(200);
    expect((await send(FORM, '192.0.2.50')).statusCode).toBe(200);
    const third = await send(FORM, '192.0.2.50');
    expect(third.statusCode).toBe(429);
    expect((await send(FORM, '192.0.2.51')).statusCode).toBe(200);
  });
});
