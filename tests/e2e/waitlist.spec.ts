/**
 * The waiting list as members and staff live it, at 320 px, on the local Mercado Pago stand-in:
 * member A joins the list of a sold-out tier and sees their place; member B's PIX expires and A gets
 * the offer e-mail and registers through its link; a place cancelled later goes to E, who lets the
 * offer run out (the dev helper ends its time and runs the sweep, as the host's timer would), so it
 * passes to C, who gets the e-mail; staff see the list and its offer in the event's editor.
 */
import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { DEMO_USERS } from '../../server/seed/demo.ts';
import { callApi, mailTo, newMember, ownEvent, tokenOf } from './api.ts';
import { signIn } from './login.ts';

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 320, height: 640 } });
const expect = baseExpect.configure({ timeout: 20_000 });

/** An event of this spec's own in 9 days with one limited tier taking PIX and cash. */
async function soldOutSoon(request: APIRequestContext, total: number) {
  const { eventId, tierIds } = await ownEvent(
    request,
    { title: `Retiro da lista de espera ${Date.now().toString(36)}`, methods: ['mp_pix', 'cash'] },
    [{ name: 'Lote disputado', price: 3000, total }],
  );
  return { eventId, tierId: tierIds[0]! };
}

test('a sold-out tier: join the list, a PIX expires, the offer e-mail registers A; an offer left to expire goes to C', async ({
  page,
  request,
  browser,
}) => {
  const { eventId, tierId } = await soldOutSoon(request, 2);
  const [a, b, c, d, e] = (await Promise.all(
    ['Ana Espera', 'Bruno Pix', 'Carla Fila', 'Davi Dinheiro', 'Elisa Fila'].map((name) =>
      newMember(request, name),
    ),
  )) as [string, string, string, string, string];
  const token = async (email: string) => tokenOf(request, email);
  const checkout = async (email: string, paymentMethod: string) =>
    callApi<{ transaction_id: string | null }[]>(
      request,
      await token(email),
      'POST',
      `/v1/checkout/${eventId}/${tierId}`,
      {
        tierId,
        paymentMethod,
      },
    );
  // B pays by PIX (pending), D in cash: the tier is sold out
  const pix = await checkout(b, 'mp_pix');
  expect(pix.status).toBe(201);
  const paymentId = pix.body[0]!.transaction_id!;
  expect((await checkout(d, 'cash')).status).toBe(201);

  // A joins from the event's tier, signed in, at 320 px
  await signIn(page, a);
  await page.goto(`/?event=${eventId}`);
  const tier = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Lote disputado' }) });
  await expect(tier.getByText('Esgotado', { exact: false })).toBeVisible();
  await tier.getByRole('button', { name: 'Entrar na lista de espera' }).click();
  await expect(tier.getByRole('status')).toHaveText('Você é o 1º da fila.');
  await expect(tier.getByRole('button', { name: 'Sair da lista de espera' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // E, then C, join after A
  for (const [email, position] of [
    [e, 2],
    [c, 3],
  ] as const) {
    const joined = await callApi<{ entry: { position: number } }>(
      request,
      await token(email),
      'POST',
      `/v1/waitlist/tiers/${tierId}`,
    );
    expect(joined.body.entry.position).toBe(position);
  }

  // B's PIX expires (the stand-in sends the signed notification): the place is held for A
  const expired = await request.post(`/_dev/mercadopago/payments/${paymentId}/expire`, {
    headers: { accept: 'application/json' },
  });
  expect(await expired.json()).toEqual({ webhookStatus: 200 });
  const offer = await mailTo(request, a, /Uma vaga para você/);
  expect(offer.text).toContain('reservada para você até');
  expect(offer.link).toMatch(new RegExp(`/checkout/${eventId}/${tierId}$`));

  // A opens the e-mail's link: the checkout opens on the held place, and A registers
  await page.goto(new URL(offer.link!).pathname);
  await expect(
    page.getByText('Vaga reservada para você pela lista de espera até', { exact: false }),
  ).toBeVisible();
  await page.getByLabel('Pagamento presencial').check();
  await page.getByRole('button', { name: 'Continuar »' }).click();
  await page.getByRole('button', { name: 'Ok, entendi!' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Pendente');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // D cancels: the place is offered to E, who lets it run out; it passes to C
  const cancelled = await callApi(
    request,
    await token(d),
    'POST',
    `/v1/registrations/${eventId}/cancel-registration`,
  );
  expect(cancelled.status).toBe(200);
  await mailTo(request, e, /Uma vaga para você/);
  const ranOut = await request.post(`/_dev/waitlist/${tierId}/expire-offers`);
  expect(await ranOut.json()).toMatchObject({ expired: 1, sweep: { offers_passed: 1 } });
  const toC = await mailTo(request, c, /Uma vaga para você/);
  expect(toC.link).toMatch(new RegExp(`/checkout/${eventId}/${tierId}$`));

  // C sees the offer on the tier
  const cPage = await browser.newPage({ viewport: { width: 320, height: 640 } });
  await signIn(cPage, c);
  await cPage.goto(`/?event=${eventId}`);
  const cTier = cPage
    .getByRole('listitem')
    .filter({ has: cPage.getByRole('heading', { name: 'Lote disputado' }) });
  await expect(cTier.getByRole('status')).toContainText('Uma vaga voltou e está reservada para você até');
  await expect(cTier.getByRole('link', { name: 'Garantir minha vaga' })).toBeVisible();
  await cPage.close();

  // staff see the list in the event's editor: C's offer, and nobody else waiting
  const staff = await browser.newPage({ viewport: { width: 320, height: 640 } });
  await signIn(staff, DEMO_USERS.admin.email);
  await staff.goto(`/admin/events/${eventId}`);
  await staff.getByRole('button', { name: 'Lista de espera: Lote disputado' }).click();
  const rows = staff.getByTestId('waitlist-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Carla Fila');
  await expect(rows.first()).toContainText('Oferta até');
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await staff.close();
});
