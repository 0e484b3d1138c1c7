import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  loginAs,
  requestSmsCode,
  STAFF_ACCOUNTS,
  type StaffRole,
  storageKeys,
  test,
} from './fixtures';

test.describe('customer sign-in', () => {
  test('the demo customer signs in with the SMS code, sees their name, and logs out', async ({ page }) => {
    const { name } = await loginAs(page, 'customer');
    await expectAccessible(page, 'home, signed in');

    // Logout clears the session and all cart and payment data, then goes to /.
    await page.evaluate(() => {
      window.localStorage.setItem('kitchaco.cart', '{"lines":{}}');
      window.localStorage.setItem('kitchaco.payment', '{"status":"COMPLETED"}');
    });
    await page.getByRole('banner').getByRole('button', { name }).click();
    await expectAccessible(page, 'user menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    const keys = await storageKeys(page);
    expect(
      keys.filter(
        (k) => k.startsWith('kitchaco.customer.') || k === 'kitchaco.cart' || k === 'kitchaco.payment',
      ),
    ).toEqual([]);
  });

  test('a new customer retries a wrong code, then completes the profile; Continue waits for both fields', async ({
    page,
  }) => {
    const phone = `+6141234${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await page.goto('/');
    const code = await requestSmsCode(page, phone);

    const wrongCode = String((Number(code) + 1) % 10_000).padStart(4, '0');
    await page.keyboard.type(wrongCode);
    await expect(page.getByRole('dialog', { name: 'Enter your code' }).getByRole('alert')).toHaveText(
      'Error! Please try again!',
    );
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 4' })).toBeFocused();
    await expectAccessible(page, 'wrong code');
    await page.keyboard.type(code);

    const dialog = page.getByRole('dialog', { name: 'Complete your profile' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'profile modal');
    const continueButton = dialog.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();

    await dialog.getByRole('textbox', { name: 'Name' }).fill('  New Customer  ');
    await expect(continueButton).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('   ');
    await expect(continueButton).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(` new.customer+${phone.slice(-4)}@demo.test `);
    await expect(continueButton).toBeEnabled();

    const update = page.waitForRequest(
      (r) => r.method() === 'PUT' && /\/api\/v1\/customers\/\d+\/$/.test(r.url()),
    );
    await continueButton.click();
    expect((await update).postDataJSON()).toEqual({
      username: 'New Customer',
      email: `new.customer+${phone.slice(-4)}@demo.test`,
    });
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'New Customer' })).toBeVisible();
  });

  test('a number that is not an Australian or UK mobile is refused before any code is sent', async ({
    page,
  }) => {
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/send-sms/')) sends.push(r.url());
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill('12');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText('Please enter a valid Australian or UK mobile number.')).toBeVisible();
    await expectAccessible(page, 'phone entry with an error');
    expect(sends).toEqual([]);
  });
});

const STAFF_ROLES = Object.keys(STAFF_ACCOUNTS) as StaffRole[];

test.describe('staff sign-in', () => {
  for (const role of STAFF_ROLES) {
    const account = STAFF_ACCOUNTS[role];

    test(`${account.email} signs in at ${account.page} and logs out back to it`, async ({ page }) => {
      await page.goto(account.page);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await expectAccessible(page, `${account.page} login form`);
      const login = page.waitForResponse((r) => new URL(r.url()).pathname === account.loginCall);
      const { name } = await loginAs(page, role);
      const { token } = (await (await login).json()) as { token: string };
      await expect(page.getByRole('banner')).toContainText(name);
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expectAccessible(page, `${account.page} signed in`);

      // The password never reaches browser storage.
      const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
      expect(stored).not.toContain(DEMO_PASSWORD);

      // The token works until logout revokes it (asked as the web app asks: real status codes).
      const staffCall = () =>
        page.request.post('/api/v1/admin-data/', {
          headers: { Authorization: `Token ${token}`, Prefer: 'status-codes' },
          data: { query_type: 'kitchaco_locations' },
        });
      expect((await staffCall()).status()).toBe(200);

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(account.page);
      expect((await storageKeys(page)).filter((k) => k.startsWith('kitchaco.staff.'))).toEqual([]);
      expect((await staffCall()).status()).toBe(401);
    });
  }

  const refusals = [
    {
      page: '/stock',
      email: 'stock@demo.test',
      password: 'wrong-password',
      message: 'Authentication Error! Please try again.',
    },
    {
      page: '/stock',
      email: 'admin@demo.test',
      message: 'Error! Please login using the super admin login page!',
    },
    {
      page: '/admin',
      email: 'operator@demo.test',
      message: "You don't have access to this page! Please try again!",
    },
    {
      page: '/operator-admin',
      email: 'admin@demo.test',
      message: 'Error! Please login using the super admin login page!',
    },
    { page: '/operator-admin', email: 'stock@demo.test', message: 'Authentication Error! Please try again.' },
    { page: '/stock-admin', email: 'stock@demo.test', message: 'Authentication Error! Please try again.' },
  ];

  for (const { page: path, email, password = DEMO_PASSWORD, message } of refusals) {
    test(`${email}${password === DEMO_PASSWORD ? '' : ' with a wrong password'} at ${path} is refused`, async ({
      page,
    }) => {
      await page.goto(path);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login' }).click();

      await expect(page.getByRole('alert')).toHaveText(message);
      await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
      expect((await storageKeys(page)).filter((k) => k.startsWith('kitchaco.staff.'))).toEqual([]);
      await expectAccessible(page, `${path} login error`);
    });
  }

  test('a network failure on staff login shows "Error! Please try again!"', async ({ page }) => {
    await page.route('**/api/v1/stock-login/', (route) => route.abort('connectionrefused'));
    await page.goto('/stock');
    await page.getByRole('textbox', { name: 'Email' }).fill(STAFF_ACCOUNTS.stock_user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Error! Please try again!');
  });
});

test.describe('narrow windows', () => {
  test('below 1350 px the customer site shows only the app download prompt; staff pages still work', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Order with the Kitchaco app' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      /^https:\/\/apps\.apple\.com\//,
    );
    await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
      'href',
      /^https:\/\/play\.google\.com\/store\/apps/,
    );
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Pickup location' })).toHaveCount(0);
    await expectAccessible(page, 'app download prompt');

    await page.setViewportSize({ width: 1400, height: 900 });
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await page.setViewportSize({ width: 1200, height: 900 });
    const { name } = await loginAs(page, 'stock_user');
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  });
});
