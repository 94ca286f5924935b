/**
 * Minors and their guardian's consent (LGPD art. 14; README 'Minors'). At checkout (and per
 * caravan person) the event's minimum age is checked against the birth date on the event's day;
 * under 18 on an event that asks for it, the registration gets a pending consent and the guardian
 * an e-mail with a link (the token; only its SHA-256 is stored). The guardian authorizes or refuses
 * there; staff may record a paper authorization. The door admits only an authorized minor.
 */
import {
  ADULT_AGE,
  ageOn,
  asksAge,
  birthDateSchema,
  guardianSchema,
  sameCpf,
} from '../../../../src/domain/minors.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import type { Db } from '../../ports/db.ts';

export type ConsentState = 'pending' | 'authorized' | 'refused';

/** The registration's consent as its member and staff see it. */
export interface ConsentView {
  guardian_name: string;
  state: ConsentState;
  decided_by: 'link' | 'paper' | null;
  decided_at: string | null;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Inside the checkout's transaction, after the registration is written: the event's age rules for
 * this person. `person` is the member (their profile) or a caravan guest (their own fields).
 */
export async function applyMinorRules(
  tx: Db,
  p: {
    eventId: string;
    registrationId: string;
    person: { name: string; cpf: string | null; email: string | null; birthDate: string | null };
    guardian: Record<string, string> | undefined;
  },
): Promise<void> {
  const [event] = await tx.query<{
    title: string;
    starts_at: Date | string;
    min_age: number | null;
    guardian_consent: boolean;
  }>('select title, starts_at, min_age, guardian_consent from public.events where id = $1', [p.eventId]);
  if (!event || !asksAge(event)) return;
  if (!p.person.birthDate) throw new ApiHttpError(422, 'BIRTH_DATE_REQUIRED');
  const age = ageOn(p.person.birthDate, event.starts_at);
  if (event.min_age !== null && age < event.min_age) throw new ApiHttpError(422, 'TOO_YOUNG');
  if (!event.guardian_consent || age >= ADULT_AGE) return;
  if (!p.guardian || Object.keys(p.guardian).length === 0) throw new ApiHttpError(422, 'GUARDIAN_REQUIRED');
  const guardian = parseOrThrow(guardianSchema, p.guardian);
  if (
    sameCpf(guardian.cpf, p.person.cpf) ||
    (p.person.email && guardian.email.toLowerCase() === p.person.email.toLowerCase())
  ) {
    throw new ApiHttpError(422, 'GUARDIAN_NOT_SELF');
  }
  const token = newToken();
  await tx.query(
    `insert into public.guardian_consents (registration_id, guardian_name, guardian_cpf, guardian_email, token_hash)
     values ($1, $2, $3, $4, $5)
     on conflict (registration_id) do update
       set guardian_name = excluded.guardian_name, guardian_cpf = excluded.guardian_cpf,
           guardian_email = excluded.guardian_email, token_hash = excluded.token_hash, state = 'pending',
           decided_by = null, decided_by_staff = null, decided_at = null`,
    [p.registrationId, guardian.name, guardian.cpf, guardian.email, await sha256Hex(token)],
  );
  // the guardian's e-mail, sent after commit (the outbox); the link is the only way to the decision
  await tx.query(
    `insert into public.mail_outbox (kind, to_address, dedupe_key, payload)
     values ('guardian_consent', $1, $2, $3::text::jsonb)`,
    [
      guardian.email,
      `guardian_consent:${p.registrationId}:${token.slice(0, 8)}`,
      JSON.stringify({
        guardian_name: guardian.name,
        minor_name: p.person.name,
        event_title: event.title,
        starts_at: new Date(event.starts_at).toISOString(),
        token,
      }),
    ],
  );
}

/** The member's birth date from their profile (given at checkout, it is written there first). */
export async function memberBirthDate(
  tx: Db,
  userId: string,
  given: string | undefined,
): Promise<string | null> {
  if (given) {
    await tx.query('update public.profiles set birth_date = $2::date where id = $1', [userId, given]);
    return given;
  }
  const [row] = await tx.query<{ birth_date: string | null }>(
    `select to_char(birth_date, 'YYYY-MM-DD') as birth_date from public.profiles where id = $1`,
    [userId],
  );
  return row?.birth_date ?? null;
}

/** The registration's consent, or null when it needs none. */
export async function consentOf(db: Db, registrationId: string): Promise<ConsentView | null> {
  const [row] = await db.query<ConsentView & { decided_at: Date | string | null }>(
    `select guardian_name, state, decided_by, decided_at from public.guardian_consents where registration_id = $1`,
    [registrationId],
  );
  if (!row) return null;
  return { ...row, decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null };
}

/** GET /v1/guardian/:token: what the guardian is asked (public: the link is the credential). */
export async function guardianRequest(db: Db, token: string) {
  const [row] = await db.query<{
    guardian_name: string;
    state: ConsentState;
    minor_name: string;
    event_title: string;
    starts_at: Date | string;
  }>(
    `select g.guardian_name, g.state, coalesce(r.guest_name, p.name, '') as minor_name, e.title as event_title, e.starts_at
       from public.guardian_consents g
       join public.registrations r on r.id = g.registration_id
       join public.events e on e.id = r.event_id
       left join public.profiles p on p.id = r.user_id
      where g.token_hash = $1`,
    [await sha256Hex(token)],
  );
  if (!row) throw notFound('GUARDIAN_LINK_INVALID');
  return { ...row, starts_at: new Date(row.starts_at).toISOString() };
}

/**
 * POST /v1/guardian/:token: the guardian's answer, once. The registration's updated_at moves so the
 * door's roster picks the change up on its next sync.
 */
export async function guardianDecide(db: Db, token: string, decision: 'authorize' | 'refuse') {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ registration_id: string; state: ConsentState }>(
      'select registration_id, state from public.guardian_consents where token_hash = $1 for update',
      [await sha256Hex(token)],
    );
    if (!row) throw notFound('GUARDIAN_LINK_INVALID');
    if (row.state !== 'pending') throw new ApiHttpError(409, 'GUARDIAN_ALREADY_DECIDED');
    await setState(
      tx,
      row.registration_id,
      decision === 'authorize' ? 'authorized' : 'refused',
      'link',
      null,
    );
    return { state: decision === 'authorize' ? ('authorized' as const) : ('refused' as const) };
  });
}

async function setState(
  tx: Db,
  registrationId: string,
  state: ConsentState,
  by: 'link' | 'paper',
  staffId: string | null,
) {
  await tx.query(
    `update public.guardian_consents set state = $2, decided_by = $3, decided_by_staff = $4, decided_at = now()
      where registration_id = $1`,
    [registrationId, state, by, staffId],
  );
  await tx.query('update public.registrations set updated_at = now() where id = $1', [registrationId]);
}

/** POST /v1/admin/registrations/:id/guardian: staff record the guardian's paper authorization. */
export async function recordPaperConsent(
  db: Db,
  registrationId: string,
  staffId: string,
): Promise<ConsentView> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ state: ConsentState }>(
      'select state from public.guardian_consents where registration_id = $1 for update',
      [registrationId],
    );
    if (!row) throw notFound('REGISTRATION_NOT_FOUND');
    await setState(tx, registrationId, 'authorized', 'paper', staffId);
    await tx.query(
      `insert into public.audit_log (actor_id, subject_id, action, details)
       select $1, r.user_id, 'guardian.paper', jsonb_build_object('registration_id', r.id)
         from public.registrations r where r.id = $2`,
      [staffId, registrationId],
    );
  });
  return (await consentOf(db, registrationId))!;
}

/** The member's own checkout: their profile is the person (the birth date given is kept there). */
export async function applyMemberMinorRules(
  tx: Db,
  user: { id: string; email: string },
  eventId: string,
  registrationId: string,
  body: { guardian?: Record<string, string> | undefined; birth_date?: string | undefined },
): Promise<void> {
  const given = body.birth_date ? parseOrThrow(birthDateSchema, body.birth_date) : undefined;
  const birthDate = await memberBirthDate(tx, user.id, given);
  const [profile] = await tx.query<{ name: string; cpf: string | null; email: string }>(
    'select name, cpf, email from public.profiles where id = $1',
    [user.id],
  );
  await applyMinorRules(tx, {
    eventId,
    registrationId,
    person: {
      name: profile?.name ?? '',
      cpf: profile?.cpf ?? null,
      email: profile?.email ?? user.email,
      birthDate,
    },
    guardian: body.guardian,
  });
}

/** PUT /v1/admin/events/:id/minors: the event's minimum age and whether minors need consent. */
export async function setEventMinorRules(
  db: Db,
  eventId: string,
  rules: { min_age: number | null; guardian_consent: boolean },
) {
  const rows = await db.query<{ min_age: number | null; guardian_consent: boolean }>(
    `update public.events set min_age = $2, guardian_consent = $3
      where id = $1 and deleted_at is null returning min_age, guardian_consent`,
    [eventId, rules.min_age, rules.guardian_consent],
  );
  if (!rows[0]) throw notFound('EVENT_NOT_FOUND');
  return rows[0];
}

/** GET /v1/events/:id/minors: the event's age rules (what the checkout asks). */
export async function eventMinorRules(db: Db, eventId: string) {
  const [row] = await db.query<{
    min_age: number | null;
    guardian_consent: boolean;
    starts_at: Date | string;
  }>('select min_age, guardian_consent, starts_at from public.events where id = $1 and deleted_at is null', [
    eventId,
  ]);
  if (!row) throw notFound('EVENT_NOT_FOUND');
  return {
    min_age: row.min_age,
    guardian_consent: row.guardian_consent,
    starts_at: new Date(row.starts_at).toISOString(),
  };
}
