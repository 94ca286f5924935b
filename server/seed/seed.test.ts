import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHappeningNow } from '../../src/domain/events.ts';
import { isValidCpf, isValidPhone } from '../../src/domain/validation.ts';
import { type Database, migrate, openDatabase } from '../db.ts';
import { DEMO_ATTENDEES } from './checkin.ts';
import {
  DEMO_EVENTS,
  DEMO_FILES,
  DEMO_TIERS,
  DEMO_USERS,
  EVENT_FILES_BUCKET,
  IMAGES_BUCKET,
} from './demo.ts';
import { seed } from './index.ts';

let database: Database;
const objects = new Map<string, { body: Uint8Array | string; type: string }>();
const now = new Date('2026-03-10T20:00:00.000Z');
const ctx = {
  now,
  hashPassword: async (pw: string) => `hashed:${pw}`,
  putObject: async (bucket: string, path: string, body: Uint8Array | string, type: string) => {
    objects.set(`${bucket}/${path}`, { body, type });
  },
};

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  await seed(database.db, ctx);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const q = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => database.db.query<T>(sql, params);

describe('demo seed', () => {
  it('is idempotent', async () => {
    const before = await q<{ n: number }>('select count(*)::int as n from public.events');
    await seed(database.db, ctx);
    expect(await q('select count(*)::int as n from public.events')).toEqual(before);
  });

  it('creates the demo users with hashed passwords, metadata and valid profiles', async () => {
    const users = await q<Record<string, unknown>>(
      `select u.email, u.encrypted_password, u.email_confirmed_at, u.raw_user_meta_data, p.cpf, p.phone
         from auth.users u join public.profiles p on p.id = u.id
        where u.email not like 'participante%' order by u.email`,
    );
    // the staff and membro@ (@congrega.local), plus the attendees of the payment review (adminreg.ts)
    expect(users.length).toBeGreaterThan(5);
    expect(
      users
        .map((u) => String(u.email))
        .filter((e) => e.endsWith('@congrega.local'))
        .sort(),
    ).toEqual(
      Object.values(DEMO_USERS)
        .map((u) => u.email)
        .sort(),
    );
    for (const u of users) {
      expect(u.encrypted_password).toBe('hashed:congrega123');
      expect(u.email_confirmed_at).not.toBeNull();
      expect(u.raw_user_meta_data).toMatchObject({ welcome: true, hasUser: true });
      expect(isValidCpf(String(u.cpf))).toBe(true);
      expect(isValidPhone(String(u.phone))).toBe(true);
    }
  });

  it('gives each staff user one role and membro none', async () => {
    const rows = await q<{ email: string; role: string | null }>(
      `select u.email, ur.role from auth.users u left join public.user_roles ur on ur.user_id = u.id
        where u.email not like 'participante%' order by u.email`,
    );
    const others = rows.filter((r) => !r.email.endsWith('@congrega.local'));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((r) => r.role === null)).toBe(true);
    const staff = rows.filter((r) => r.email.endsWith('@congrega.local'));
    expect(Object.fromEntries(staff.map((r) => [r.email, r.role]))).toEqual({
      'admin@congrega.local': 'admin',
      'lider@congrega.local': 'lider',
      'membro@congrega.local': null,
      'secretaria@congrega.local': 'secretaria',
      'voluntario@congrega.local': 'voluntario',
    });
  });

  it('has a happening-now event and tiers in every display status', async () => {
    const [e] = await q<Record<string, unknown>>('select * from public.events where id = $1', [
      DEMO_EVENTS.happeningNow.id,
    ]);
    expect(
      isHappeningNow(
        {
          starts_at: e!.starts_at as Date,
          checkin_starts_at: e!.checkin_starts_at as Date,
          checkin_ends_at: e!.checkin_ends_at as Date,
        },
        now,
      ),
    ).toBe(true);
    const tier = async (id: string) =>
      (await q<Record<string, unknown>>('select * from public.pricing_tiers where id = $1', [id]))[0]!;
    expect(((await tier(DEMO_TIERS.conferenceThird.id)).starts_at as Date) > now).toBe(true); // WAITING
    expect((await tier(DEMO_TIERS.conferencePromo.id)).available).toBe(0); // SOLD_OUT
    expect(((await tier(DEMO_TIERS.conferenceFirst.id)).ends_at as Date) < now).toBe(true); // FINISHED
    expect(((await tier(DEMO_TIERS.conferenceSecond.id)).ends_at as Date) > now).toBe(true); // AVAILABLE, end
    expect((await tier(DEMO_TIERS.conferenceCaravan.id)).total).toBe(80); // AVAILABLE, total
    expect(await tier(DEMO_TIERS.vigilFastpass.id)).toMatchObject({ name: 'Fastpass', available: 0 });
  });

  it('puts images and files into storage', () => {
    expect([...objects.keys()].filter((k) => k.startsWith(`${IMAGES_BUCKET}/events/`)).length).toBe(
      Object.keys(DEMO_EVENTS).length,
    );
    const pdf = objects.get(`${EVENT_FILES_BUCKET}/${DEMO_FILES.schedule.path}`)!;
    expect(pdf.type).toBe('application/pdf');
    expect(new TextDecoder('latin1').decode(pdf.body as Uint8Array)).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
    const banner = objects.get(`${IMAGES_BUCKET}/events/conference.webp`)!;
    expect(banner.type).toBe('image/webp');
    expect(new TextDecoder('latin1').decode((banner.body as Uint8Array).subarray(0, 12))).toMatch(
      /^RIFF.{4}WEBP$/s,
    );
  });

  it('gives registrations random 6-digit codes unique per event', async () => {
    const [{ id: userId }] = (await q<{ id: string }>(
      "insert into auth.users (email) values ('x@y.com') returning id",
    )) as [{ id: string }];
    await q(
      `insert into public.registrations (user_id, tier_id, event_id, frozen_value) values ($1, $2, $3, 0)`,
      [userId, DEMO_TIERS.bibleStudyFree.id, DEMO_EVENTS.bibleStudy.id],
    );
    const [r] = await q<{ seq: string }>('select seq from public.registrations where user_id = $1', [userId]);
    expect(r!.seq).toMatch(/^\d{6}$/);
    // one active registration per user and event
    await expect(
      q(
        `insert into public.registrations (user_id, tier_id, event_id, frozen_value) values ($1, $2, $3, 0)`,
        [userId, DEMO_TIERS.bibleStudyFree.id, DEMO_EVENTS.bibleStudy.id],
      ),
    ).rejects.toThrow();
    // a tier of another event is refused
    await expect(
      q(
        `insert into public.registrations (user_id, tier_id, event_id, frozen_value) values ($1, $2, $3, 0)`,
        [userId, DEMO_TIERS.vigilFastpass.id, DEMO_EVENTS.bibleStudy.id],
      ),
    ).rejects.toThrow();
  });

  it('lets anon read only public metadata, and a user only their own rows', async () => {
    const as = <T>(claims: Record<string, unknown> | null, role: string, sql: string) =>
      database.db.transaction(async (tx) => {
        if (claims)
          await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)]);
        await tx.query(`set local role ${role}`);
        return tx.query<T>(sql);
      });
    const count = async (claims: Record<string, unknown> | null, role: string, table: string) =>
      (await as<{ n: number }>(claims, role, `select count(*)::int as n from ${table}`))[0]!.n;

    const allEvents = (await q<{ n: number }>('select count(*)::int as n from public.events'))[0]!.n;
    expect(await count(null, 'anon', 'public.events')).toBe(allEvents - 1); // the deleted one is hidden
    expect(await count(null, 'anon', 'public.temples')).toBeGreaterThan(10);
    await expect(count(null, 'anon', 'public.profiles')).rejects.toThrow();
    await expect(count(null, 'anon', 'public.user_roles')).rejects.toThrow();

    const membro = { sub: DEMO_USERS.membro.id, role: 'authenticated' };
    expect(await count(membro, 'authenticated', 'public.profiles')).toBe(1);
    // two paid ones and the pending cash one of the checkout demo (seed/checkout.ts)
    expect(await count(membro, 'authenticated', 'public.registrations')).toBe(3);
    expect(await count(membro, 'authenticated', 'public.registration_confirmations')).toBe(3);
    const admin = { sub: DEMO_USERS.admin.id, role: 'authenticated' };
    expect(await count(admin, 'authenticated', 'public.registrations')).toBe(0);
    await expect(count(admin, 'authenticated', 'public.vouchers')).rejects.toThrow();
  });

  it('enables RLS on every public table', async () => {
    const rows = await q("select tablename from pg_tables where schemaname = 'public' and not rowsecurity");
    expect(rows).toEqual([]);
  });
});

describe('check-in demo seed', () => {
  it('gives the happening-now event a roster: paid attendees with valid CPFs and one pending', async () => {
    const rows = await database.db.query<{ status: string; cpf: string }>(
      `select r.status, p.cpf from registrations r join profiles p on p.id = r.user_id
        where r.event_id = $1 and p.email like 'participante%'`,
      [DEMO_EVENTS.happeningNow.id],
    );
    expect(rows).toHaveLength(DEMO_ATTENDEES.length);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
    expect(rows.every((r) => isValidCpf(r.cpf))).toBe(true);
  });
});
