import type { Page } from '@playwright/test';
import { chooseOption, expect, expectAccessible, loginAs, queryCallAnswer, test } from './fixtures';

/**
 * Staff & locations (docs/back-office.md, "Staff & locations"): the super admin adds a kitchen
 * account for Reservoir and hands over its temporary password; the new account signs in at the
 * kitchen display, must choose its own password first, and then sees its kitchen. The super admin
 * also adds a location with its weekly hours.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openStaffPage(page: Page): Promise<void> {
  await loginAs(page, 'super_admin');
  await page.getByRole('link', { name: 'Staff & locations' }).click();
  await expect(page).toHaveURL(/\/admin-staff$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Staff & locations' })).toBeVisible();
}

test('a super admin adds a kitchen account, which chooses its own password at first sign-in', async ({
  page,
}) => {
  const id = unique();
  const email = `kitchen-${id}@demo.test`;
  await openStaffPage(page);
  await expect(page.getByRole('cell', { name: 'admin@demo.test', exact: true })).toBeVisible();
  await expectAccessible(page, 'staff & locations');

  const form = page.getByRole('form', { name: 'Add staff account' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'First name' }).fill('Kim');
  await form.getByRole('textbox', { name: 'Last name' }).fill(`Cook ${id}`);
  await chooseOption(page, form.getByRole('combobox', { name: 'Role' }), 'Kitchen');
  // A kitchen account works at one location: the form asks for it before sending anything.
  await form.getByRole('button', { name: 'Add staff account' }).click();
  await expect(form.getByText('Choose the location this account works at')).toBeVisible();
  await chooseOption(page, form.getByRole('combobox', { name: 'Location' }), 'Reservoir');
  const added = queryCallAnswer(page, 'add_staff_account');
  await form.getByRole('button', { name: 'Add staff account' }).click();
  expect((await added).ok()).toBe(true);

  const modal = page.getByRole('dialog', { name: 'Temporary password' });
  await expect(modal).toContainText(
    `Give this password to Kim Cook ${id}; they choose their own at first sign-in. It is not shown again.`,
  );
  const temporary = await modal.getByRole('textbox', { name: /Temporary password for/ }).inputValue();
  expect(temporary.length).toBeGreaterThanOrEqual(12);
  await expectAccessible(page, 'temporary password modal');
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(modal).toBeHidden();

  // The table lists the account as one that must still change its password.
  await page.getByRole('textbox', { name: 'Search accounts' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Kitchen');
  await expect(row).toContainText('Reservoir');
  await expect(row).toContainText('Must change password');
  await page.getByRole('button', { name: 'Logout' }).click();

  // The new account signs in at the kitchen display with the temporary password.
  await page.goto('/kitchen');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await expectAccessible(page, 'choose your password');

  const choose = page.getByRole('form', { name: 'Choose your password' });
  await choose.getByLabel('Current (temporary) password').fill(temporary);
  await choose.getByLabel(/^New password(?! again)/).fill('short');
  await choose.getByLabel('New password again').fill('short');
  await choose.getByRole('button', { name: 'Save password' }).click();
  await expect(choose.getByText('Use at least 12 characters')).toBeVisible();

  const mine = `kitchen ${id} own password`;
  // A wrong temporary password is said at its field, and the account stays signed in.
  await choose.getByLabel('Current (temporary) password').fill(`${temporary}x`);
  await choose.getByLabel(/^New password(?! again)/).fill(mine);
  await choose.getByLabel('New password again').fill(mine);
  await choose.getByRole('button', { name: 'Save password' }).click();
  await expect(choose.getByText('The current password is not right.')).toBeVisible();
  await choose.getByLabel('Current (temporary) password').fill(temporary);
  await choose.getByLabel(/^New password(?! again)/).fill(mine);
  await choose.getByLabel('New password again').fill(mine);
  const changed = queryCallAnswer(page, 'change_password');
  await choose.getByRole('button', { name: 'Save password' }).click();
  expect((await changed).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen · Reservoir' })).toBeVisible();
});

test('a super admin adds a location with its weekly hours and sees it listed', async ({ page }) => {
  const name = `Test kitchen ${unique()}`;
  await openStaffPage(page);

  const form = page.getByRole('form', { name: 'Add location' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Address' }).fill('12 Example Street');
  await form.getByRole('textbox', { name: 'Suburb' }).fill('Carlton');
  // Near Melbourne, so the customer map (customer-order.spec.ts) still shows every marker.
  await form.getByRole('textbox', { name: 'Latitude' }).fill((-37.8 + Math.random() * 0.01).toFixed(5));
  await form.getByRole('textbox', { name: 'Longitude' }).fill((144.96 + Math.random() * 0.01).toFixed(5));
  await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Australia/Melbourne');
  for (const day of ['Monday', 'Tuesday', 'Wednesday']) {
    await form.getByRole('switch', { name: `New location: open on ${day}` }).check({ force: true });
  }
  await form.getByLabel('New location: Monday closes at').fill('20:30');
  await expectAccessible(page, 'add location form');

  const added = queryCallAnswer(page, 'add_location');
  await form.getByRole('button', { name: 'Add location' }).click();
  const answer = await added;
  expect(answer.ok()).toBe(true);
  const sent = answer.request().postDataJSON() as { opening_hours: Record<string, unknown> };
  expect(sent.opening_hours).toEqual({
    Monday: { open: '11:00', close: '20:30' },
    Tuesday: { open: '11:00', close: '21:00' },
    Wednesday: { open: '11:00', close: '21:00' },
  });
  await expect(
    page.getByRole('table', { name: 'Locations' }).getByRole('row').filter({ hasText: name }),
  ).toContainText('Carlton');
});
