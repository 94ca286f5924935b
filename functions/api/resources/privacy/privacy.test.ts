import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_TEMPLES } from '../../../../server/seed/demo.ts';
import { cpfFrom } from '../../../../server/seed/index.ts';
import { privacyApiErrors, privacyMessages } from '../../../../src/domain/messages/privacy.ts';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import { CONSENT_TEXT_VERSION } from '../../../../src/domain/privacy.ts';
import { supabaseClient } from '../../../../tests/contract/helpers.ts';
import { makeEvent, tierAvailable } from '../../testing/checkout-fixtures.ts';
import { startTestHost, type TestHost } from '../../testing/test-app.ts';

let h: TestHost;
beforeAll(async () => {
  h = await startTestHost({ signupLimit: 100 }); // every member here signs up from this machine
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** A confirmed account with a profile (through POST /signup, then auth's admin confirms it). */
async function newMember(n: string, over: Record<string, unknown> = {}) {
  const email = `direitos.${n}@exemplo.com`;
  const password = 'segredo123';
  const res = await h.call('/signup', {
    json: {
      email,
      password,
      congregacao: DEMO_TEMPLES.sede.id,
      otherChurch: null,
      consentCongregation: true,
      phone: '(11) 98765-4321',
      cpf: cpfFrom(`8${n.padStart(8, '0')}`.slice(0, 9)),
      options: { emailRedirectTo: null, data: { display_name: `Pessoa Direitos ${n}` } },
      ...over,
    },
  });
  expect(res.status).toBe(200);
  const [row] = await h.query<{ id: string }>('select id from auth.users where email = $1', [email]);
  await h.query('update auth.users set email_confirmed_at = now() where id = $1', [row!.id]);
  return { id: row!.id, email, password, token: await h.token({ email, password }) };
}

describe('consent at signup', () => {
  it('refuses a congregation without the consent (400, the pt-BR message), and stores it with its version', async () => {
    const refused = await h.call('/signup', {
      json: {
        email: 'sem.consentimento@exemplo.com',
        password: 'segredo123',
        congregacao: DEMO_TEMPLES.sede.id,
        otherChurch: null,
        phone: '(11) 98765-4321',
        cpf: cpfFrom('855000001'),
        options: { emailRedirectTo: null, data: { display_name: 'Sem Consentimento' } },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'INVALID_DATA', message: validationMessages.congregationConsent });

    const m = await newMember('2001');
    const consents = await h.call('/v1/me/consents', { token: m.token });
    expect(consents.status).toBe(200);
    expect(consents.body).toEqual([
      expect.objectContaining({
        purpose: 'congregation',
        text_version: CONSENT_TEXT_VERSION,
        revoked_at: null,
      }),
    ]);
  });
});

describe('GET /v1/privacy', () => {
  it('tells the person in charge and the receipts retention', async () => {
    const res = await h.call('/v1/privacy');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ controller_email: 'privacidade@congrega.local', receipt_retention_days: 180 });
  });
});

describe('PATCH /v1/me/profile and the consent', () => {
  it('saves name and phone, refuses a congregation without consent, and revoking clears it', async () => {
    const m = await newMember('2002');
    const saved = await h.call('/v1/me/profile', {
      token: m.token,
      method: 'PATCH',
      json: {
        name: 'Nome Novo Silva',
        phone: '(21) 91234-5678',
        congregacao: DEMO_TEMPLES.sede.id,
        consentCongregation: true,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Nome Novo Silva',
      phone: '21912345678',
      temple_id: DEMO_TEMPLES.sede.id,
    });

    const noConsent = await h.call('/v1/me/profile', {
      token: m.token,
      method: 'PATCH',
      json: { name: 'Nome Novo Silva', phone: '21912345678', congregacao: DEMO_TEMPLES.sede.id },
    });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.message).toBe(validationMessages.congregationConsent);

    // bad input never 500s
    for (const json of [{}, { name: 1 }, { name: 'Ab Cd', phone: 'x' }, []]) {
      const res = await h.call('/v1/me/profile', { token: m.token, method: 'PATCH', json });
      expect(res.status).toBe(400);
    }
    expect((await h.call('/v1/me/profile', { method: 'PATCH', json: {} })).status).toBe(401);

    const revoked = await h.call('/v1/me/consents/congregation/revoke', { token: m.token, method: 'POST' });
    expect(revoked.status).toBe(200);
    const [p] = await h.query('select temple_id, other_church from public.profiles where id = $1', [m.id]);
    expect(p).toEqual({ temple_id: null, other_church: null });
    const again = await h.call('/v1/me/consents/congregation/revoke', { token: m.token, method: 'POST' });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'CONSENT_NOT_FOUND', message: privacyApiErrors.CONSENT_NOT_FOUND });
  });
});

describe('staff accesses, the export and deleting the account', () => {
  it('records staff reads, exports them, then deletes: anonymised, signed out everywhere, e-mailed', async () => {
    const m = await newMember('2003');
    // a registration with a payment attempt on a demo event
    const [tier] = await h.query<{ id: string; event_id: string }>(
      `select t.id, t.event_id from public.pricing_tiers t join public.events e on e.id = t.event_id
        where e.deleted_at is null order by e.starts_at desc limit 1`,
    );
    const [reg] = await h.query<{ id: string }>(
      `insert into public.registrations (user_id, tier_id, event_id, frozen_value, status)
       values ($1, $2, $3, 2500, 'paid') returning id`,
      [m.id, tier!.id, tier!.event_id],
    );
    await h.query(
      `insert into public.registration_confirmations (registration_id, strategy, status) values ($1, 'cash', 'paid')`,
      [reg!.id],
    );

    // staff open the person's page and the event's badge sheet
    const staff = await h.token('secretaria');
    expect((await h.call(`/v1/admin/users/${m.id}`, { token: staff })).status).toBe(200);
    expect((await h.call(`/v1/admin/badges?event=${tier!.event_id}`, { token: staff })).status).toBe(200);
    // a leader opens the attendees of the person's congregation (the table and its CSV)
    const lider = await h.token('lider');
    const attendees = await h.call(
      `/v1/admin/reports/atendees-per-location/${DEMO_TEMPLES.sede.id}?event=${tier!.event_id}`,
      { token: lider },
    );
    expect(attendees.status).toBe(200);

    const exported = await h.call('/v1/me/export', { token: m.token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('attachment');
    expect(exported.body.profile).toMatchObject({ name: 'Pessoa Direitos 2003', email: m.email });
    expect(exported.body.consents).toHaveLength(1);
    expect(exported.body.registrations).toEqual([
      expect.objectContaining({
        id: reg!.id,
        value_cents: 2500,
        payment_attempts: [expect.objectContaining({ strategy: 'cash', status: 'paid' })],
      }),
    ]);
    expect(exported.body.staff_accesses.map((a: { action: string }) => a.action).sort()).toEqual([
      'badges.view',
      'person.view',
      'report.attendees',
    ]);
    expect(JSON.stringify(exported.body)).not.toMatch(/card|token/i);

    // deleting: a wrong password refuses; no password needs a fresh sign-in (the test's is fresh)
    const wrong = await h.call('/v1/me/delete', { token: m.token, json: { password: 'errada123' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    expect((await h.call('/v1/me/delete', { token: m.token, json: { password: 42 } })).status).toBe(400);

    const other = await h.token({ email: m.email, password: m.password }); // cached: same session
    const client = supabaseClient(h.url, h.host.anonKey);
    const second = await client.auth.signInWithPassword({ email: m.email, password: m.password });
    expect(second.error).toBeNull();

    const admin = await h.token('admin');
    const rosterIds = async () => {
      const roster = await h.call(`/v1/admin/checkin/events/${tier!.event_id}/roster`, { token: admin });
      expect(roster.status).toBe(200);
      return (roster.body.entries as { id: string }[]).map((e) => e.id);
    };
    expect(await rosterIds()).toContain(reg!.id);

    const deleted = await h.call('/v1/me/delete', { token: other, json: { password: m.password } });
    expect(deleted.status).toBe(200);

    // every session ended: both tokens are refused, and nobody can sign in again
    expect((await h.call('/v1/me', { token: m.token })).status).toBe(401);
    expect((await h.call('/v1/me', { token: second.data.session!.access_token })).status).toBe(401);
    const again = await supabaseClient(h.url, h.host.anonKey).auth.signInWithPassword({
      email: m.email,
      password: m.password,
    });
    expect(again.error).not.toBeNull();

    // the profile is anonymised, the registration and its payment kept
    const [p] = await h.query(
      'select name, email, phone, cpf, temple_id, deleted_at is not null as deleted from public.profiles where id = $1',
      [m.id],
    );
    expect(p).toEqual({
      name: privacyMessages.deletedAccount,
      email: '',
      phone: null,
      cpf: null,
      temple_id: null,
      deleted: true,
    });
    const kept = await h.query(
      'select r.status, r.frozen_value, c.status as paid from public.registrations r join public.registration_confirmations c on c.registration_id = r.id where r.user_id = $1',
      [m.id],
    );
    expect(kept).toEqual([{ status: 'paid', frozen_value: 2500, paid: 'paid' }]);
    const [u] = await h.query<{ email: string | null }>('select email from auth.users where id = $1', [m.id]);
    expect(u!.email).toBeNull();

    // the door's roster leaves the person out
    expect(await rosterIds()).not.toContain(reg!.id);

    // the confirmation e-mail goes to the address the account had (then its row forgets it)
    const [mail] = await h.query<{ kind: string }>(
      `select kind from public.mail_outbox where dedupe_key = $1`,
      [`account_deleted:${m.id}`],
    );
    expect(mail!.kind).toBe('account_deleted');
    await vi.waitFor(
      async () => {
        await h.call('/v1/mail/drain', {
          method: 'POST',
          headers: { authorization: `Bearer ${h.host.serviceRoleKey}` },
        });
        expect(await h.host.mailbox.list({ to: m.email })).not.toEqual([]);
      },
      { timeout: 20_000, interval: 200 },
    );
  });
});

describe('deleting an account: a password account always gives its password', () => {
  it('refuses {} and an array from a password account signed in a moment ago, nothing deleted', async () => {
    const m = await newMember('2104');
    const empty = await h.call('/v1/me/delete', { token: m.token, json: {} });
    expect(empty.status).toBe(403);
    expect(empty.body).toEqual({ code: 'PASSWORD_REQUIRED', message: privacyApiErrors.PASSWORD_REQUIRED });
    const array = await h.call('/v1/me/delete', { token: m.token, json: [] });
    expect(array.status).toBe(400);
    expect(array.body.code).toBe('INVALID_DATA');
    expect((await h.call('/v1/me', { token: m.token })).status).toBe(200);
    const [p] = await h.query<{ deleted: boolean }>(
      'select deleted_at is not null as deleted from public.profiles where id = $1',
      [m.id],
    );
    expect(p!.deleted).toBe(false);
  });

  it('a Google-only account signed in a moment ago deletes without one', async () => {
    const m = await newMember('2105');
    await h.query(
      `update auth.users set raw_app_meta_data = '{"provider":"google","providers":["google"]}'::jsonb where id = $1`,
      [m.id],
    );
    const google = supabaseClient(h.url, h.host.anonKey);
    const { data } = await google.auth.signInWithPassword({ email: m.email, password: m.password });
    const res = await h.call('/v1/me/delete', { token: data.session!.access_token, json: {} });
    expect(res.status).toBe(200);
  });
});

describe('after deletion: the outbox forgets the person, an unpaid registration returns its place', () => {
  it('drops their e-mails but the deletion notice, which forgets them once sent; cancels the pending registration', async () => {
    const m = await newMember('2107');
    const fx = await makeEvent(h.host.database.db, { total: 3, price: 1500 });
    const made = await h.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: m.token,
      json: { tierId: fx.tierId, paymentMethod: 'cash' },
    });
    expect(made.status).toBe(201);
    expect(await tierAvailable(h.host.database.db, fx.tierId)).toBe(2);
    const regId = made.body[0].registration_id as string;
    // an e-mail about the registration still waiting to go, with the person's name and address
    await h.query(
      `insert into public.mail_outbox (kind, to_address, dedupe_key, payload, next_attempt_at)
       values ('payment_rejected', $1, $2, $3::jsonb, now() + interval '1 day')`,
      [
        m.email,
        `payment_rejected:teste-${regId}`,
        { member_name: 'Pessoa Direitos 2107', registration_id: regId },
      ],
    );

    expect((await h.call('/v1/me/delete', { token: m.token, json: { password: m.password } })).status).toBe(
      200,
    );

    // the place went back; the registration is canceled
    expect(await tierAvailable(h.host.database.db, fx.tierId)).toBe(3);
    const [reg] = await h.query<{ status: string }>('select status from public.registrations where id = $1', [
      regId,
    ]);
    expect(reg!.status).toBe('canceled');
    // only the deletion notice is left for the person
    const rows = await h.query<{ kind: string }>(
      `select kind from public.mail_outbox where lower(to_address) = lower($1) or payload->>'registration_id' = $2`,
      [m.email, regId],
    );
    expect(rows.map((r) => r.kind).filter((k) => k !== 'account_deleted')).toEqual([]);

    // once sent, the notice forgets the address and the name
    const drain = () =>
      h.call('/v1/mail/drain', {
        method: 'POST',
        headers: { authorization: `Bearer ${h.host.serviceRoleKey}` },
      });
    await vi.waitFor(
      async () => {
        await drain();
        const [notice] = await h.query<{ status: string; to_address: string; payload: unknown }>(
          `select status, to_address, payload from public.mail_outbox where dedupe_key = $1`,
          [`account_deleted:${m.id}`],
        );
        expect(notice).toEqual({ status: 'sent', to_address: 'conta-excluida@invalid', payload: {} });
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await h.host.mailbox.list({ to: m.email })).not.toEqual([]);
  });
});

describe('a JSON array where an object is expected is refused on every route', () => {
  it('answers 400 INVALID_DATA and changes nothing', async () => {
    const m = await newMember('2106');
    const before = await h.query('select name, phone from public.profiles where id = $1', [m.id]);
    const [tier] = await h.query<{ id: string; event_id: string }>(
      `select t.id, t.event_id from public.pricing_tiers t join public.events e on e.id = t.event_id
        where e.deleted_at is null order by e.starts_at desc limit 1`,
    );
    const routes: [string, string][] = [
      ['POST', '/v1/me/delete'],
      ['POST', '/v1/welcome'],
      ['PATCH', '/v1/me/profile'],
      ['POST', '/signup'],
      ['POST', `/v1/checkout/${tier!.event_id}/${tier!.id}`],
    ];
    for (const [method, path] of routes) {
      for (const json of [[], [{}], [{ password: m.password }]]) {
        const res = await h.call(path, { token: m.token, method, json });
        expect({ path, json, status: res.status, code: res.body.code }).toEqual({
          path,
          json,
          status: 400,
          code: 'INVALID_DATA',
        });
      }
    }
    expect(await h.query('select name, phone from public.profiles where id = $1', [m.id])).toEqual(before);
    expect((await h.call('/v1/me', { token: m.token })).status).toBe(200);
  });
});

describe('POST /v1/maintenance/retention', () => {
  it('needs the service key, then deletes receipts of events past the retention', async () => {
    expect((await h.call('/v1/maintenance/retention', { method: 'POST' })).status).toBe(401);
    expect(
      (
        await h.call('/v1/maintenance/retention', {
          method: 'POST',
          headers: { authorization: 'Bearer nope' },
        })
      ).status,
    ).toBe(401);
    const m = await newMember('2004');
    const [old] = await h.query<{ id: string; event_id: string }>(
      `select t.id, t.event_id from public.pricing_tiers t join public.events e on e.id = t.event_id
        where e.starts_at < now() - interval '200 days' limit 1`,
    );
    let eventId = old?.event_id;
    let tierId = old?.id;
    if (!old) {
      const [t] = await h.query<{ id: string; event_id: string }>(
        'select id, event_id from public.pricing_tiers limit 1',
      );
      await h.query(`update public.events set starts_at = now() - interval '400 days' where id = $1`, [
        t!.event_id,
      ]);
      eventId = t!.event_id;
      tierId = t!.id;
    }
    const [reg] = await h.query<{ id: string }>(
      `insert into public.registrations (user_id, tier_id, event_id, frozen_value, status)
       values ($1, $2, $3, 1000, 'paid') returning id`,
      [m.id, tierId, eventId],
    );
    const [c] = await h.query<{ id: string }>(
      `insert into public.registration_confirmations (registration_id, strategy, status, request_data)
       values ($1, 'file', 'paid', $2::jsonb) returning id`,
      [reg!.id, { receipt: `${m.id}/velho.png` }],
    );
    const res = await h.call('/v1/maintenance/retention', {
      method: 'POST',
      headers: { authorization: `Bearer ${h.host.serviceRoleKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBeGreaterThanOrEqual(1);
    const [after] = await h.query<{ receipt: string | null; gone: boolean }>(
      `select request_data->>'receipt' as receipt, request_data ? 'receipt_deleted_at' as gone
         from public.registration_confirmations where id = $1`,
      [c!.id],
    );
    expect(after).toEqual({ receipt: null, gone: true });
  });
});

describe('after deletion: a PIX still waiting can no longer be paid', () => {
  it('is cancelled at Mercado Pago, then the registration; if Mercado Pago cannot be told, it waits to expire and a late payment is recorded', async () => {
    const fx = await makeEvent(h.host.database.db, { total: 3, price: 1500, methods: ['mp_pix'] });
    const fake = h.host.mercadoPagoFake!;
    const pix = async (m: { token: string }) => {
      const made = await h.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
        token: m.token,
        json: { tierId: fx.tierId, paymentMethod: 'mp_pix' },
      });
      expect(made.status).toBe(201);
      return made.body[0].registration_id as string;
    };
    const attempt = async (registrationId: string) => {
      const [row] = await h.query<{ c: string; r: string; payment: string }>(
        `select c.status as c, r.status as r, c.transaction_id as payment
           from public.registration_confirmations c join public.registrations r on r.id = c.registration_id
          where r.id = $1`,
        [registrationId],
      );
      return row!;
    };
    const providerStatus = async (id: string) => (await fake.list()).find((p) => String(p.id) === id)?.status;
    const outage = (on: boolean) =>
      fetch(`${h.host.url}/_dev/mercadopago/outage`, {
        method: 'POST',
        body: new URLSearchParams({ on: on ? '1' : '0' }),
        redirect: 'manual',
      });

    // Mercado Pago answers: the code is cancelled there, the registration here, the place goes back
    const a = await newMember('2201');
    const first = await pix(a);
    expect(await providerStatus((await attempt(first)).payment)).toBe('pending');
    expect((await h.call('/v1/me/delete', { token: a.token, json: { password: a.password } })).status).toBe(
      200,
    );
    const canceled = await attempt(first);
    expect(canceled).toMatchObject({ c: 'canceled', r: 'canceled' });
    expect(await providerStatus(canceled.payment)).toBe('cancelled');
    expect(await tierAvailable(h.host.database.db, fx.tierId)).toBe(3);

    // Mercado Pago is down: the account goes all the same, the attempt is left to expire
    const b = await newMember('2202');
    const second = await pix(b);
    expect((await outage(true)).status).toBe(303);
    try {
      expect((await h.call('/v1/me/delete', { token: b.token, json: { password: b.password } })).status).toBe(
        200,
      );
    } finally {
      await outage(false);
    }
    const waiting = await attempt(second);
    expect(waiting).toMatchObject({ c: 'pending', r: 'pending' });
    expect(await providerStatus(waiting.payment)).toBe('pending');
    // the code is paid before it expires: the money is recorded, for staff to refund, not lost
    await fake.settle(waiting.payment, 'pay');
    await vi.waitFor(async () => expect(await attempt(second)).toMatchObject({ c: 'paid', r: 'paid' }), {
      timeout: 10_000,
    });
  });
});
