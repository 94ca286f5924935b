/**
 * Demo data of the staff payment review (`/admin/registrations`): members with payment attempts in
 * every state the screen filters by — receipts in analysis (real PNG/PDF files in the private
 * `receipts` bucket), cash pending, paid, expired PIX, link pending, rejected and canceled ones.
 * Called once from seed() inside its transaction; dates are relative to ctx.now.
 */
import { deflateSync } from 'node:zlib';
import type { Db } from '../../functions/api/ports/db.ts';
import type { SeedContext } from '../seed-context.ts';
import { DEMO_TIERS } from './demo.ts';
import { simplePdf } from './documents.ts';

export const RECEIPTS_BUCKET = 'receipts';

const HOUR = 3600_000;

type Strategy = 'mp_pix' | 'mp_card' | 'file' | 'cash' | 'link' | 'voucher';
type Status = 'paid' | 'pending' | 'analysis' | 'rejected' | 'canceled' | 'expired';
type TierKey = keyof typeof DEMO_TIERS;

interface Confirmation {
  /** the member (also their e-mail's local part) */
  name: string;
  tier: TierKey;
  strategy: Strategy;
  status: Status;
  /** hours before now the attempt was made */
  ago: number;
  receipt?: 'png' | 'pdf';
  reason?: string;
  voucher?: string;
}

/** Two digits → a fixed uuid of this seed. */
const id = (kind: 'user' | 'registration' | 'confirmation', n: number) =>
  `7e57a000-0000-4000-8${{ user: '001', registration: '002', confirmation: '003' }[kind]}-${String(n).padStart(12, '0')}`;

/**
 * The attempts, in the order their ids are numbered (1-based). Names sort differently from ids.
 * Active ones sit on unlimited tiers or on tiers with places to give back (a full tier such as
 * 'Casal' would refuse the place a rejection returns): the demo tiers' counts stay as they are.
 */
const CONFIRMATIONS: Confirmation[] = [
  {
    name: 'Júlia Araújo Ferreira',
    tier: 'conferenceSecond',
    strategy: 'file',
    status: 'analysis',
    ago: 20,
    receipt: 'png',
  },
  {
    name: 'Bruno Henrique Tavares',
    tier: 'conferenceSecond',
    strategy: 'file',
    status: 'analysis',
    ago: 30,
    receipt: 'pdf',
  },
  {
    name: 'Ângela Conceição Ribeiro',
    tier: 'conferenceCaravan',
    strategy: 'file',
    status: 'analysis',
    ago: 6,
    receipt: 'png',
  },
  {
    name: 'Thiago Nascimento Prado',
    tier: 'forcedEarly',
    strategy: 'file',
    status: 'analysis',
    ago: 50,
    receipt: 'pdf',
  },
  { name: 'Carla Menezes Duarte', tier: 'conferenceCaravan', strategy: 'cash', status: 'pending', ago: 10 },
  { name: 'Felipe Gonçalves Rocha', tier: 'conferenceCaravan', strategy: 'cash', status: 'pending', ago: 26 },
  { name: 'Patrícia Lopes Barbosa', tier: 'conferenceCaravan', strategy: 'cash', status: 'pending', ago: 72 },
  { name: 'Rodrigo Vieira Campos', tier: 'conferenceCaravan', strategy: 'cash', status: 'pending', ago: 4 },
  { name: 'Débora Cristina Alves', tier: 'conferenceSecond', strategy: 'mp_card', status: 'paid', ago: 40 },
  {
    name: 'Eduardo Martins Silva',
    tier: 'conferenceSecond',
    strategy: 'file',
    status: 'paid',
    ago: 60,
    receipt: 'pdf',
  },
  { name: 'Gabriela Moura Teixeira', tier: 'conferenceCaravan', strategy: 'cash', status: 'paid', ago: 90 },
  {
    name: 'Isabela Freitas Cardoso',
    tier: 'conferenceCaravan',
    strategy: 'voucher',
    status: 'paid',
    ago: 15,
    voucher: 'jovem026',
  },
  { name: 'Marcos Antônio Pires', tier: 'forcedLink', strategy: 'link', status: 'paid', ago: 100 },
  {
    name: 'Natália Rezende Castro',
    tier: 'conferenceSecond',
    strategy: 'mp_pix',
    status: 'expired',
    ago: 48,
  },
  { name: 'Otávio Brandão Lima', tier: 'conferenceSecond', strategy: 'mp_pix', status: 'expired', ago: 30 },
  { name: 'Paulo César Monteiro', tier: 'pastRetreatTier', strategy: 'mp_pix', status: 'expired', ago: 1100 },
  { name: 'Renata Azevedo Nunes', tier: 'forcedLink', strategy: 'link', status: 'pending', ago: 12 },
  { name: 'Samuel Batista Correia', tier: 'forcedLink', strategy: 'link', status: 'pending', ago: 36 },
  { name: 'Tatiane Borges Fonseca', tier: 'conferenceSecond', strategy: 'file', status: 'pending', ago: 2 },
  {
    name: 'Vinícius Farias Queiroz',
    tier: 'conferenceCaravan',
    strategy: 'file',
    status: 'rejected',
    ago: 80,
    receipt: 'png',
    reason: 'Comprovante ilegível, envie novamente.',
  },
  {
    name: 'Wesley Cavalcanti Dias',
    tier: 'laterCouple',
    strategy: 'cash',
    status: 'canceled',
    ago: 120,
    reason: 'Inscrição duplicada.',
  },
];

/** Fixed ids the tests and the e2e suite use. */
export const ADMINREG_DEMO = {
  confirmations: CONFIRMATIONS.map((a, i) => ({
    ...a,
    userId: id('user', i + 1),
    email: emailOf(a.name),
    registrationId: id('registration', i + 1),
    confirmationId: id('confirmation', i + 1),
    receiptPath: a.receipt ? receiptPath(i + 1, a.receipt) : null,
  })),
} as const;

function emailOf(name: string): string {
  const [first, ...rest] = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/);
  return `${first}.${rest.at(-1)}@exemplo.com.br`;
}

function receiptPath(n: number, kind: 'png' | 'pdf'): string {
  return `${id('registration', n)}/${id('confirmation', n)}.${kind}`;
}

/** A valid CPF (11 digits) from 9 base digits. */
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

// ─── a tiny PNG "receipt" (no image library: RGB rows, zlib, CRC-32) ───

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A 320×180 receipt-like picture: a white slip with a green header and grey text bars. */
export function receiptPng(seed: number): Uint8Array {
  const width = 320;
  const height = 180;
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      let rgb = [255, 255, 255];
      if (y < 36) rgb = [32, 140, 90];
      else if (
        y % 24 >= 8 &&
        y % 24 < 14 &&
        x > 20 &&
        x < 120 + ((seed * 37 + Math.floor(y / 24) * 53) % 160)
      )
        rgb = [150, 150, 150];
      raw.set(rgb, row + 1 + x * 3);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(raw))),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}

/**
 * Seeds the attempts (users, profiles, registrations, confirmations) in one transaction, after
 * storing the receipts (storage may use the database: not from inside the transaction). Once.
 */
export async function seedAdminRegistrations(db: Db, ctx: SeedContext, passwordHash: string): Promise<void> {
  const first = ADMINREG_DEMO.confirmations[0]!;
  const done = async (q: Db) =>
    (await q.query('select 1 from public.profiles where id = $1', [first.userId])).length > 0;
  if (await done(db)) return;
  for (const [i, a] of ADMINREG_DEMO.confirmations.entries()) {
    if (!a.receiptPath) continue;
    const tier = DEMO_TIERS[a.tier];
    const body =
      a.receipt === 'pdf'
        ? simplePdf('Comprovante de transferência PIX', [
            `Pagador: ${a.name}`,
            `Valor: R$ ${(tier.price / 100).toFixed(2).replace('.', ',')}`,
            'Recebedor: Congrega Jovens',
            `Identificador: E${String(90000000 + (i + 1) * 131)}`,
          ])
        : receiptPng(i + 1);
    await ctx.putObject(
      RECEIPTS_BUCKET,
      a.receiptPath,
      body,
      a.receipt === 'pdf' ? 'application/pdf' : 'image/png',
    );
  }
  await db.transaction(async (tx) => {
    if (await done(tx)) return;
    await insertConfirmations(tx, ctx, passwordHash);
  });
}

async function insertConfirmations(db: Db, ctx: SeedContext, passwordHash: string): Promise<void> {
  const now = ctx.now.getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  for (const [i, a] of ADMINREG_DEMO.confirmations.entries()) {
    const n = i + 1;
    const tier = DEMO_TIERS[a.tier];
    await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_user_meta_data,
         raw_app_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, $3, $4, $5::jsonb, $6::jsonb, $7, $7)`,
      [
        a.userId,
        a.email,
        passwordHash,
        at(60 * 24),
        { display_name: a.name, welcome: true, hasUser: true },
        { provider: 'email', providers: ['email'] },
        at(60 * 24),
      ],
    );
    await db.query(
      `insert into auth.identities (user_id, provider, provider_id, identity_data) values ($1, 'email', $2, $3::jsonb)`,
      [a.userId, a.userId, { sub: a.userId, email: a.email, email_verified: true }],
    );
    await db.query(
      `insert into public.profiles (id, name, email, phone, cpf, temple_id) values ($1, $2, $3, $4, $5,
         (select id from public.temples where regional <> 'custom' order by name offset $6 limit 1))`,
      [
        a.userId,
        a.name,
        a.email,
        `1198${String(7000000 + n * 1371).slice(0, 7)}`,
        cpfFrom(String(310000000 + n * 7919)),
        n % 6,
      ],
    );
    await db.query(
      `insert into public.registrations (id, user_id, tier_id, event_id, frozen_value, status, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [a.registrationId, a.userId, tier.id, tier.eventId, tier.price, a.status, at(a.ago)],
    );
    let voucherId: string | null = null;
    if (a.voucher) {
      const [row] = await db.query<{ id: string }>(
        `insert into public.vouchers (code, event_id, description, used_at, used_by) values ($1, $2, $3, $4, $5)
         returning id`,
        [a.voucher, tier.eventId, 'Cortesia da coordenação (demo)', at(a.ago), a.userId],
      );
      voucherId = row!.id;
    }
    const requestData: Record<string, unknown> = { amount: tier.price };
    if (a.receiptPath) {
      requestData.receipt = a.receiptPath;
      requestData.receipt_type = a.receipt === 'pdf' ? 'application/pdf' : 'image/png';
    }
    if (a.strategy === 'mp_pix') requestData.qr_code = `00020126580014br.gov.bcb.pix0136demo${n}`;
    if (a.strategy === 'link') requestData.payment_link = 'https://mpago.la/congrega-acampamento';
    await db.query(
      `insert into public.registration_confirmations
         (id, registration_id, strategy, status, created_at, updated_at, expires_at, request_data, response_data, voucher_id)
       values ($1, $2, $3, $4, $5, $5, $6, $7::jsonb, $8::jsonb, $9)`,
      [
        a.confirmationId,
        a.registrationId,
        a.strategy,
        a.status,
        at(a.ago),
        a.strategy === 'mp_pix' ? at(a.ago - 1) : a.strategy === 'link' ? at(a.ago - 72) : null,
        requestData,
        a.reason ? { reason: a.reason } : null,
        voucherId,
      ],
    );
  }
}
