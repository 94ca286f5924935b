/**
 * Door check-in demo: a roster for the event happening now (DEMO_EVENTS.happeningNow): attendees
 * with a CPF and a paid free registration each, and one whose registration is still pending (the
 * door says "not paid"). They have no password: they exist to be checked in. Idempotent.
 */
import type { Db } from '../../functions/api/ports/db.ts';
import type { SeedContext } from '../seed-context.ts';
import { DEMO_EVENTS, DEMO_TEMPLES, DEMO_TIERS } from './demo.ts';

const person = (n: number) => `0d3b7a1e-5c2f-4a8e-9b61-c000000000${String(n).padStart(2, '0')}`;
const registration = (n: number) => `9b2d4f6a-8c0e-4a2c-8e4a-c000000000${String(n).padStart(2, '0')}`;

/** A valid CPF from 9 base digits (check digits computed). */
function cpfFrom(base9: string): string {
  const nums = [...base9].map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += nums[i]! * (len + 1 - i);
    const rest = (sum * 10) % 11;
    nums.push(rest === 10 ? 0 : rest);
  }
  return nums.join('');
}

const NAMES = [
  'Gabriel Ferreira Rocha',
  'Beatriz Nunes Araújo',
  'Rafael Teixeira Lopes',
  'Larissa Campos Moreira',
  'Thiago Barbosa Freitas',
  'Camila Ribeiro Martins',
  'Pedro Henrique Alves',
  'Júlia Cardoso Pinto',
  'Felipe Monteiro Duarte',
  'Isabela Gomes Vieira',
  'Daniel Castro Mendes',
  'Letícia Rezende Prado',
] as const;

/** The attendees of the happening-now event, for tests and docs (membro@ is registered there too). */
export const DEMO_ATTENDEES = NAMES.map((name, i) => ({
  id: person(i + 1),
  registrationId: registration(i + 1),
  name,
  email: `participante${i + 1}@congrega.local`,
  cpf: cpfFrom(String(710_000_000 + i * 1_234_567).slice(0, 9)),
  /** the manual code, random-looking and unique in the event */
  seq: String((137_911 * (i + 3) + 402_117) % 1_000_000).padStart(6, '0'),
  status: i === NAMES.length - 1 ? ('pending' as const) : ('paid' as const),
}));

export async function seedCheckin(db: Db, ctx: SeedContext): Promise<void> {
  const [done] = await db.query('select 1 from auth.users where id = $1', [DEMO_ATTENDEES[0]!.id]);
  if (done) return;
  const eventId = DEMO_EVENTS.happeningNow.id;
  await db.transaction(async (tx) => {
    for (const a of DEMO_ATTENDEES) {
      await tx.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
         values ($1, 'authenticated', 'authenticated', $2, $3, $4::jsonb, $5::jsonb)`,
        [
          a.id,
          a.email,
          ctx.now.toISOString(),
          { display_name: a.name, welcome: true, hasUser: true },
          { provider: 'email', providers: ['email'] },
        ],
      );
      await tx.query(
        'insert into public.profiles (id, name, email, phone, cpf, temple_id) values ($1, $2, $3, $4, $5, $6)',
        [a.id, a.name, a.email, '11987650100', a.cpf, DEMO_TEMPLES.sede.id],
      );
      await tx.query(
        `insert into public.registrations (id, seq, user_id, tier_id, event_id, frozen_value, status)
         values ($1, $2, $3, $4, $5, 0, $6)`,
        [a.registrationId, a.seq, a.id, DEMO_TIERS.happeningNowFree.id, eventId, a.status],
      );
      await tx.query(
        `insert into public.registration_confirmations (registration_id, strategy, status) values ($1, 'open', $2)`,
        [a.registrationId, a.status],
      );
    }
  });
}
