import { expect, expectAccessible, test } from './fixtures';

/**
 * A visitor on the landing site: jumps to a section from the navbar, steps through the onboarding
 * process, sends the contact form (empty first: the spec's message), and finds the brands and
 * franchising pages. On a www. host the landing page is `/` itself.
 */

test('a visitor reads the landing page, steps through the process and sends the contact form', async ({
  page,
}) => {
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { level: 1, name: /Up to 24 restaurant brands/ })).toBeVisible();
  for (const claim of ['Up to 24', '4M', '2.6B', '7.1%']) {
    await expect(
      page.getByRole('region', { name: 'Kitchaco in numbers' }).getByText(claim, { exact: true }),
    ).toBeVisible();
  }
  await expectAccessible(page, 'landing page');

  // The navbar jumps to a section and moves focus there, so Tab continues inside it.
  const nav = page.getByRole('navigation', { name: 'Landing' });
  await nav.getByRole('link', { name: "What's the process" }).click();
  await expect(page).toHaveURL(/\/welcome#process$/);
  const process = page.getByRole('region', { name: "What's the process" });
  await expect(process).toBeFocused();
  await expect(process.getByRole('group', { name: 'Step 1 of 8' })).toBeInViewport();
  await process.getByRole('button', { name: 'Next step' }).click();
  await process.getByRole('button', { name: 'Next step' }).click();
  await process.getByRole('button', { name: 'Next step' }).click();
  await expect(process.getByRole('group', { name: 'Step 6 of 8' })).toBeInViewport();

  // The contact form: nothing filled in gives the spec's message and marks the fields.
  await nav.getByRole('link', { name: 'Join Us' }).click();
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter all the fields!');
  // Said once, not under every field too: each empty field says what it lacks.
  await expect(form.getByText('Please enter all the fields!')).toHaveCount(1);
  await expect(form.getByText('Enter your name', { exact: true })).toBeVisible();
  await expect(form.getByText('Enter a message', { exact: true })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'contact form with errors');

  const sender = `Jordan ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Name' }).fill(sender);
  await form.getByRole('textbox', { name: 'Phone' }).fill('0412 345 678');
  await form.getByRole('textbox', { name: 'Email' }).fill('jordan@example.com');
  await form
    .getByRole('textbox', { name: 'Message' })
    .fill('I run a kitchen in Geelong and would like to cook your brands.');
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/contact/');
  await form.getByRole('button', { name: 'Send' }).click();
  expect((await sent).status()).toBe(200);
  await expect(form.getByRole('status')).toHaveText(
    'Thank you for contacting us! We will get back to you within 2 business days!',
  );
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');

  // The provider receives it by email (the demo outbox).
  const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as {
    messages: { channel: string; to: string; body: string }[];
  };
  const email = outbox.messages.find((m) => m.channel === 'email' && m.body.includes(sender));
  expect(email?.to).toBe('hello@kitchaco.example');
  expect(email?.body).toContain('I run a kitchen in Geelong');
});

test('the brands and franchising pages are reached from the footer', async ({ page }) => {
  await page.goto('/welcome');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await footer.getByRole('link', { name: 'Our brands' }).click();
  await expect(page).toHaveURL(/\/our-brands$/);
  const brands = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Smash Bros Burgers' }) });
  await expect(brands).toContainText('Burgers');
  await expect(brands).toContainText('Order it in:');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);
  await expectAccessible(page, 'our brands');

  await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Franchising info' })
    .click();
  await expect(page).toHaveURL(/\/franchising-info$/);
  await expect(page.getByRole('heading', { level: 2, name: 'How you are paid' })).toBeVisible();
  await expectAccessible(page, 'franchising info');
});

test('on a www. host the landing page is the home page, and Order food leads to the customer app', async ({
  page,
  baseURL,
}) => {
  const www = new URL(baseURL ?? '');
  www.hostname = 'www.localhost';
  await page.goto(www.href);
  await expect(page.getByRole('heading', { level: 1, name: /Up to 24 restaurant brands/ })).toBeVisible();
  const orderFood = page
    .getByRole('navigation', { name: 'Landing' })
    .getByRole('link', { name: 'Order food' });
  await expect(orderFood).toHaveAttribute('href', `http://localhost:${www.port}/`);
});
