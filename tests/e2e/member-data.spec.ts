/**
 * The member's data on the device: signing out from /profile (a screen whose chunk does not read
 * the browser store) wipes the member's registrations from IndexedDB, and so does starting the app
 * with no session left behind; public events stay.
 */
import { expect, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_USERS } from '../../server/seed/demo.ts';
import { ANON_KEY } from './api.ts';
import { signIn } from './login.ts';
import { expectRegistrationsKept, storeContents } from './stored.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('signing out from /profile wipes the member’s data from IndexedDB, public events stay', async ({
  page,
}) => {
  const member = DEMO_USERS.membro;
  await signIn(page, member.email);

  // The home stores the member's registrations (for 'Ver inscrição »'); the overlay stores an event.
  await expectRegistrationsKept(page);
  await page.goto(`/?event=${DEMO_EVENTS.conference.id}`);
  await expect(page.getByRole('dialog', { name: DEMO_EVENTS.conference.title })).toBeVisible();
  const before = await storeContents(page);
  expect(before.registrations.every((r) => r.user_id === member.id)).toBe(true);
  expect(before.keys).toContain(`["me","${member.id}","registrations"]`);
  // `me` (the menu's permissions, the profile) is a query kept with the rest of the member's data
  expect(before.keys).toContain(`["me","${member.id}","profile"]`);
  expect(before.events).toBeGreaterThan(0);

  // A fresh load of /profile: only the profile chunk, nothing of the events screens.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  await expect(page.getByText(member.name).first()).toBeVisible();

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible();

  await expect
    .poll(async () => {
      const after = await storeContents(page);
      return {
        registrations: after.registrations.length,
        memberKeys: after.keys.filter((k) => k.startsWith('["me",')),
      };
    })
    .toEqual({ registrations: 0, memberKeys: [] });
  // Public events are not the member's: they stay for the guest's offline home.
  expect((await storeContents(page)).events).toBeGreaterThan(0);
  // Nothing of the member in localStorage either (`me` once lived there).
  const me = await page.evaluate(() => localStorage.getItem('congrega-me'));
  expect(me).toBeNull();

  // And it stays empty after a reload as a guest.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Próximos Eventos' })).toBeVisible();
  expect((await storeContents(page)).registrations).toEqual([]);
});

test('data left by a member whose session is gone (signed out while the app was closed) is wiped at start', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.membro.email);
  await expectRegistrationsKept(page);
  // The session disappears without this app running its sign-out (another tab, an older version).
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (/^sb-.+-auth-token$/.test(key)) localStorage.removeItem(key);
  });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      const after = await storeContents(page);
      return {
        registrations: after.registrations.length,
        keys: after.keys.filter((k) => k.startsWith('["me",')),
      };
    })
    .toEqual({ registrations: 0, keys: [] });
  expect((await storeContents(page)).events).toBeGreaterThan(0);
});

test.describe('on a page no service worker served (a first visit)', () => {
  test.use({ serviceWorkers: 'block' });

  test('the member’s registrations show what the device kept while the API has not answered: no wait for a first screen', async ({
    page,
  }) => {
    await signIn(page, DEMO_USERS.membro.email);
    // The device keeps the member's registrations (the home asks for them)
    await expect
      .poll(async () => (await storeContents(page)).registrations.length, { message: 'registrations kept' })
      .toBeGreaterThan(0);
    // The API holds its answer: what the device kept must show while it is still on its way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(
      (url) => url.pathname.endsWith('/v1/registrations'),
      async (route) => {
        asked = true;
        await held;
        await route.continue().catch(() => {});
      },
    );
    await page.goto('/my-registrations');
    await expect(page.getByTestId('registration-card').first()).toBeVisible();
    await expect.poll(() => asked, { message: 'the list asks the API too' }).toBe(true);
    release();
  });
});

test('‘Sair’ signs out this device only, and works without signal', async ({ page, browser }) => {
  const member = DEMO_USERS.secretaria;
  const storedSession = () =>
    page.evaluate(() => Object.keys(localStorage).filter((k) => /^sb-.+-auth-token$/.test(k)));
  // The same person on a second device (the door's phone): it must stay signed in.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, member.email);
  await signIn(page, member.email);

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible();
  // its session lives on the server: its refresh token still works
  const refreshed = await otherPage.evaluate(async (apikey) => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k))!;
    const { refresh_token } = JSON.parse(localStorage.getItem(key)!);
    const res = await fetch('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { apikey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token }),
    });
    return res.status;
  }, ANON_KEY);
  expect(refreshed).toBe(200);
  await other.close();

  // No signal: the server cannot be told, the device forgets the session all the same.
  await signIn(page, member.email);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible();
  expect(await storedSession()).toEqual([]);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible();
  await page.context().setOffline(false);
});
