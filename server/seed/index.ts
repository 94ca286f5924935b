/**
 * Demo seed: congregations, demo users with roles, events in every state the screens need, images and
 * files in storage. Idempotent: skipped when the demo admin already exists. Dates are relative to ctx.now.
 */

import { readFileSync } from 'node:fs';
import type { Db } from '../../functions/api/ports/db.ts';
import type { SeedContext } from '../seed-context.ts';
import { seedAdminRegistrations } from './adminreg.ts';
import { seedCheckin } from './checkin.ts';
import { seedCheckout } from './checkout.ts';
import {
  DEMO_EVENTS,
  DEMO_FILES,
  DEMO_PASSWORD,
  DEMO_REGISTRATIONS,
  DEMO_TAGS,
  DEMO_TEMPLES,
  DEMO_TIERS,
  DEMO_USER_ROLES,
  DEMO_USERS,
  type DemoEventKey,
  type DemoUserKey,
  EVENT_FILES_BUCKET,
  IMAGES_BUCKET,
} from './demo.ts';
import { simplePdf } from './documents.ts';
import { avatar, eventBanner } from './images.ts';

export type { SeedContext };

type Value = string | number | boolean | null | Date | string[] | Record<string, unknown>;

/** A Postgres array literal for a `$n::text[]` parameter (same on PGlite and postgres.js). */
function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/** insert into <table> (...) values (...) with explicit casts for arrays and json. */
async function insert(db: Db, table: string, row: Record<string, Value | undefined>): Promise<void> {
  const cols: string[] = [];
  const holes: string[] = [];
  const params: unknown[] = [];
  for (const [col, value] of Object.entries(row)) {
    if (value === undefined) continue;
    cols.push(col === 'order' ? '"order"' : col);
    params.push(
      Array.isArray(value) ? pgArray(value) : value instanceof Date ? value.toISOString() : value, // json as an object: postgres.js would store a stringified one as a JSON string
    );
    const cast = Array.isArray(value)
      ? '::text[]'
      : value !== null && typeof value === 'object' && !(value instanceof Date)
        ? '::jsonb'
        : '';
    holes.push(`$${params.length}${cast}`);
  }
  await db.query(`insert into ${table} (${cols.join(', ')}) values (${holes.join(', ')})`, params);
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A valid CPF (11 digits) from 9 base digits. */
export function cpfFrom(base9: string): string {
  const nums = [...base9].map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += nums[i]! * (len + 1 - i);
    const rest = (sum * 10) % 11;
    nums.push(rest === 10 ? 0 : rest);
  }
  return nums.join('');
}

const REGIONAL_TEMPLES: { name: string; regional: string }[] = [
  { name: 'Bela Vista', regional: 'Centro' },
  { name: 'Ipiranga', regional: 'Zona Sul' },
  { name: 'Santo Amaro', regional: 'Zona Sul' },
  { name: 'Penha', regional: 'Zona Leste' },
  { name: 'Itaquera', regional: 'Zona Leste' },
  { name: 'Santana', regional: 'Zona Norte' },
  { name: 'Tucuruvi', regional: 'Zona Norte' },
  { name: 'Lapa', regional: 'Zona Oeste' },
  { name: 'Pinheiros', regional: 'Zona Oeste' },
  { name: 'Guarulhos', regional: 'Grande São Paulo' },
  { name: 'Osasco', regional: 'Grande São Paulo' },
];
const templeId = (i: number) => `5e1f0c2a-7b3d-4c9e-8f10-b0000000${String(i + 10).padStart(4, '0')}`;

const SPEAKERS = [
  {
    id: '3c5e7a9b-1d2f-4a6c-8e0a-900000000001',
    name: 'Pr. Daniel Carvalho',
    details: 'Pastor da Sede há 15 anos, mestre em Teologia e conferencista.',
    colors: ['#5b3cc4', '#9c36b5'],
  },
  {
    id: '3c5e7a9b-1d2f-4a6c-8e0a-900000000002',
    name: 'Pra. Juliana Mendes',
    details: 'Coordenadora do ministério de jovens e autora de devocionais.',
    colors: ['#0b7285', '#15aabf'],
  },
  {
    id: '3c5e7a9b-1d2f-4a6c-8e0a-900000000003',
    name: 'Ministério Vozes de Sião',
    details: 'Banda de louvor da rede de jovens.',
    colors: ['#e8590c', '#f59f00'],
  },
  {
    id: '3c5e7a9b-1d2f-4a6c-8e0a-900000000004',
    name: 'Miss. Rafael Nogueira',
    details: 'Missionário na Amazônia há 8 anos.',
    colors: ['#2b8a3e', '#74b816'],
  },
] as const;
const speakerPath = (id: string) => `speakers/${id}.webp`;

const VENUES = {
  sede: {
    id: '8d0f2b4c-6e8a-4c0e-9a2c-a10000000001',
    name: 'Templo Sede',
    address: 'Av. Paulista, 1000 - Bela Vista, São Paulo - SP, 01310-100',
    lat: -23.564224,
    lng: -46.652857,
    room: 'Salão principal',
  },
  auditorium: {
    id: '8d0f2b4c-6e8a-4c0e-9a2c-a10000000002',
    name: 'Auditório Ipiranga',
    address: 'Rua Bom Pastor, 2100 - Ipiranga, São Paulo - SP, 04203-002',
    lat: -23.592312,
    lng: -46.608753,
    room: 'Auditório 2 (1º andar)',
  },
  camp: {
    id: '8d0f2b4c-6e8a-4c0e-9a2c-a10000000003',
    name: 'Acampamento Monte Sião',
    address: 'Estrada da Roseira, 450 - Mairiporã - SP, 07600-000',
    lat: -23.318621,
    lng: -46.586954,
    room: null,
  },
  penha: {
    id: '8d0f2b4c-6e8a-4c0e-9a2c-a10000000004',
    name: 'Congregação Penha',
    address: 'Rua Padre Benedito de Camargo, 300 - Penha, São Paulo - SP, 03604-010',
    lat: -23.525104,
    lng: -46.542211,
    room: 'Sala de oração',
  },
} as const;

const ALL_METHODS = ['mp_pix', 'mp_card', 'file', 'cash', 'link', 'voucher'];

interface EventSeed {
  key: DemoEventKey;
  startsIn: number;
  subtitle: string;
  colors: [string, string];
  description: string;
  details?: string;
  registration_policy?: 'open' | 'allows' | 'requires';
  checkin_policy?: 'requires' | 'none';
  checkin?: [number, number];
  external_redirect?: string;
  allowed_payment_methods?: string[];
  force_upcoming?: boolean;
  parent?: DemoEventKey;
  tags?: (keyof typeof DEMO_TAGS)[];
  speakers?: number[];
  venues?: (keyof typeof VENUES)[];
  deleted?: boolean;
}

const DESCRIPTION_CONFERENCE = `<p>A <strong>Conferência Jovem 2026</strong> reúne as congregações da rede para dois dias de louvor, palavra e comunhão.</p>
<p>Programação:</p>
<ul>
<li>Sexta: abertura com o Ministério Vozes de Sião</li>
<li>Sábado de manhã: oficinas (louvor, comunicação e missões)</li>
<li>Sábado à noite: culto de encerramento com o Pr. Daniel Carvalho</li>
</ul>
<p>Leia o <a href="https://congrega.app.br/regulamento" target="_blank" rel="noopener">regulamento</a> antes de se inscrever.</p>`;

const EVENTS: EventSeed[] = [
  {
    key: 'happeningNow',
    startsIn: -1 * HOUR,
    subtitle: 'Hoje, no Templo Sede',
    colors: ['#5b3cc4', '#d6336c'],
    description:
      '<p>Uma noite de <strong>louvor e adoração</strong> com as bandas das congregações. Traga seus amigos!</p><p>Faça o check-in na entrada com o QR da sua inscrição.</p>',
    details: 'Entrada gratuita, Check-in obrigatório, Traga sua Bíblia',
    registration_policy: 'requires',
    checkin_policy: 'requires',
    checkin: [-2 * HOUR, 3 * HOUR],
    allowed_payment_methods: ['open'],
    tags: ['general', 'worship', 'youth'],
    speakers: [2],
    venues: ['sede'],
  },
  {
    key: 'conference',
    startsIn: 7 * DAY,
    subtitle: 'Dois dias de louvor, palavra e comunhão',
    colors: ['#1c7ed6', '#7048e8'],
    description: DESCRIPTION_CONFERENCE,
    details: 'Sexta e sábado\nAlmoço incluso no sábado\nCrianças até 12 anos não pagam',
    registration_policy: 'requires',
    checkin_policy: 'requires',
    checkin: [7 * DAY - 2 * HOUR, 8 * DAY + 6 * HOUR],
    allowed_payment_methods: ALL_METHODS,
    tags: ['general', 'youth', 'study'],
    speakers: [0, 1, 2],
    venues: ['sede', 'auditorium'],
  },
  {
    key: 'workshop',
    startsIn: 8 * DAY - 22 * HOUR,
    subtitle: 'Oficina da Conferência Jovem',
    colors: ['#2b8a3e', '#0ca678'],
    description:
      '<p>Oficina prática para equipes de louvor: técnica vocal, repertório e <strong>vida devocional</strong>.</p>',
    registration_policy: 'allows',
    allowed_payment_methods: ['open'],
    parent: 'conference',
    tags: ['worship'],
    speakers: [2],
    venues: ['auditorium'],
  },
  {
    key: 'communication',
    startsIn: 8 * DAY - 20 * HOUR,
    subtitle: 'Oficina da Conferência Jovem',
    colors: ['#f08c00', '#e8590c'],
    description:
      '<p>Como comunicar o Evangelho nas redes sociais com <strong>verdade e criatividade</strong>.</p>',
    registration_policy: 'allows',
    allowed_payment_methods: ['open'],
    parent: 'conference',
    tags: ['study'],
    speakers: [1],
    venues: ['auditorium'],
  },
  {
    key: 'vigil',
    startsIn: 10 * DAY + 4 * HOUR,
    subtitle: 'Uma noite inteira de oração',
    colors: ['#212529', '#5f3dc4'],
    description:
      '<p>Vigília de oração pela nossa cidade, das 22h às 5h.</p><p>Reserve seu <strong>Fastpass</strong> para garantir seu lugar; sem reserva, a entrada é por ordem de chegada.</p>',
    details: 'Das 22h às 5h, Café da madrugada',
    registration_policy: 'requires',
    checkin_policy: 'requires',
    allowed_payment_methods: ['open'],
    tags: ['general', 'vigil'],
    speakers: [0],
    venues: ['penha'],
  },
  {
    key: 'openEvent',
    startsIn: 14 * DAY,
    subtitle: 'Aberto a todos, sem inscrição',
    colors: ['#0b7285', '#3bc9db'],
    description:
      '<p>Culto especial com testemunhos do campo missionário.</p><p>Não é preciso se inscrever: <strong>venha e traga sua família</strong>.</p>',
    registration_policy: 'open',
    tags: ['general'],
    speakers: [3],
    venues: ['sede'],
  },
  {
    key: 'external',
    startsIn: 20 * DAY,
    subtitle: 'Inscrições no site do congresso',
    colors: ['#c2255c', '#f06595'],
    description:
      '<p>O congresso nacional acontece em Curitiba. As inscrições são feitas no site oficial.</p>',
    external_redirect: 'https://example.org/congresso-nacional-de-jovens',
    tags: ['general', 'youth'],
  },
  {
    key: 'forced',
    startsIn: 120 * DAY,
    subtitle: 'Quatro dias no Acampamento Monte Sião',
    colors: ['#2f9e44', '#1971c2'],
    description:
      '<p>O acampamento mais esperado do ano! Hospedagem, refeições e programação completa.</p><ul><li>Esportes e gincanas</li><li>Cultos todas as noites</li><li>Trilhas e piscina</li></ul>',
    details: 'Hospedagem inclusa, Todas as refeições, Transporte não incluso',
    registration_policy: 'requires',
    allowed_payment_methods: ['mp_pix', 'mp_card', 'link', 'file'],
    force_upcoming: true,
    tags: ['general', 'youth'],
    speakers: [0, 1],
    venues: ['camp'],
  },
  {
    key: 'bibleStudy',
    startsIn: 3 * DAY + 2 * HOUR,
    subtitle: 'Toda quarta, às 20h',
    colors: ['#5c940d', '#94d82d'],
    description: '<p>Série de estudos nas <strong>cartas de Paulo</strong>. Nesta semana: Romanos 8.</p>',
    registration_policy: 'allows',
    allowed_payment_methods: ['open'],
    tags: ['general', 'study'],
    speakers: [1],
    venues: ['auditorium'],
  },
  {
    key: 'later',
    startsIn: 60 * DAY,
    subtitle: 'Uma noite especial para casais',
    colors: ['#a61e4d', '#f76707'],
    description: '<p>Jantar e palestra sobre <strong>casamento e propósito</strong>.</p>',
    registration_policy: 'requires',
    allowed_payment_methods: ['mp_pix', 'mp_card', 'cash'],
    tags: ['general'],
    speakers: [0],
    venues: ['sede'],
  },
  {
    key: 'pastRetreat',
    startsIn: -40 * DAY,
    subtitle: 'Retiro de jovens',
    colors: ['#364fc7', '#4dabf7'],
    description: '<p>Quatro dias de retiro espiritual no Acampamento Monte Sião.</p>',
    registration_policy: 'requires',
    allowed_payment_methods: ['mp_pix', 'mp_card'],
    tags: ['youth'],
    speakers: [0, 2],
    venues: ['camp'],
  },
  {
    key: 'pastNewYear',
    startsIn: -70 * DAY,
    subtitle: 'Culto da virada',
    colors: ['#e67700', '#fab005'],
    description: '<p>Agradecemos a Deus por mais um ano!</p>',
    registration_policy: 'allows',
    allowed_payment_methods: ['open'],
    tags: ['general', 'worship'],
    venues: ['sede'],
  },
  {
    key: 'pastTestimonies',
    startsIn: -33 * DAY,
    subtitle: 'Histórias de fé',
    colors: ['#862e9c', '#cc5de8'],
    description: '<p>Uma noite para ouvir o que Deus tem feito em nossas vidas.</p>',
    registration_policy: 'open',
    tags: ['general'],
    venues: ['penha'],
  },
  {
    key: 'deleted',
    startsIn: 5 * DAY,
    subtitle: 'Este evento foi removido',
    colors: ['#495057', '#868e96'],
    description: '<p>Evento removido.</p>',
    registration_policy: 'requires',
    allowed_payment_methods: ['mp_pix'],
    tags: ['general'],
    deleted: true,
  },
];

const imagePath = (key: DemoEventKey) => `events/${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.webp`;

interface TierSeed {
  key: keyof typeof DEMO_TIERS;
  order: number;
  description?: string;
  starts?: number;
  ends?: number;
  available?: number;
  total?: number;
  restricted?: string[];
  custom_pix_key?: string;
  payment_link?: string;
}

const TIERS: TierSeed[] = [
  { key: 'happeningNowFree', order: 1, description: 'Entrada gratuita com check-in.' },
  {
    key: 'conferenceFirst',
    order: 1,
    description: 'Primeiro lote com desconto.',
    starts: -30 * DAY,
    ends: -1 * DAY,
    available: 12,
    total: 100,
  },
  {
    key: 'conferenceSecond',
    order: 2,
    description: 'Inclui kit do participante e almoço de sábado.',
    starts: -1 * DAY,
    ends: 5 * DAY,
  },
  {
    key: 'conferenceCaravan',
    order: 3,
    description: 'Para caravanas das congregações (pagamento pela liderança).',
    available: 37,
    total: 80,
    restricted: ['mp_card'],
    custom_pix_key: 'caravanas@congrega.app.br',
  },
  {
    key: 'conferenceThird',
    order: 4,
    description: 'Último lote.',
    starts: 5 * DAY,
    total: 150,
    available: 150,
  },
  {
    key: 'conferencePromo',
    order: 5,
    description: 'Lote promocional de lançamento.',
    available: 0,
    total: 30,
  },
  {
    key: 'conferenceFree',
    order: 6,
    description: 'Equipe de voluntários (com aprovação da coordenação).',
    available: 20,
    total: 20,
  },
  {
    key: 'vigilFastpass',
    order: 1,
    description: 'Reserva gratuita de lugar. Válida até o início do evento.',
    available: 0,
    total: 150,
  },
  { key: 'openEventFree', order: 1 },
  {
    key: 'forcedEarly',
    order: 1,
    description: 'Valor promocional para inscrições antecipadas.',
    ends: 60 * DAY,
    available: 180,
    total: 200,
  },
  {
    key: 'forcedLink',
    order: 2,
    description: 'Pagamento em até 10x no cartão pelo link de pagamento.',
    restricted: ['mp_pix', 'file'],
    payment_link: 'https://mpago.la/congrega-acampamento',
  },
  { key: 'bibleStudyFree', order: 1 },
  { key: 'workshopFree', order: 1, available: 40, total: 40 },
  { key: 'communicationFree', order: 1, available: 35, total: 40 },
  { key: 'laterCouple', order: 1, description: 'Valor por casal, jantar incluso.', available: 50, total: 50 },
  { key: 'pastRetreatTier', order: 1, ends: -45 * DAY, available: 0, total: 120 },
  { key: 'pastNewYearFree', order: 1 },
  { key: 'deletedTier', order: 1 },
];

const USER_DETAILS: Record<DemoUserKey, { cpf: string; phone: string; temple: number | 'sede' }> = {
  admin: { cpf: cpfFrom('123456789'), phone: '11987650001', temple: 'sede' },
  secretaria: { cpf: cpfFrom('234567891'), phone: '11987650002', temple: 'sede' },
  lider: { cpf: cpfFrom('345678912'), phone: '11987650003', temple: 3 },
  voluntario: { cpf: cpfFrom('456789123'), phone: '11987650004', temple: 1 },
  membro: { cpf: cpfFrom('567891234'), phone: '21998760005', temple: 5 },
};

async function alreadySeeded(db: Db): Promise<boolean> {
  const rows = await db.query('select 1 from public.temples where id = $1', [DEMO_TEMPLES.sede.id]);
  return rows.length > 0;
}

/**
 * The demo's artwork: its SVG source (images.ts) and where its rendering lives in storage. Served as
 * WebP, like the photos organisers upload: an SVG banner costs the phone a document of its own and
 * text layout on the main thread for every card (scripts/demo-images.ts renders the files).
 */
export function demoArtwork(): { path: string; svg: string; width: number; height: number }[] {
  return [
    ...EVENTS.map((e) => ({
      path: imagePath(e.key),
      svg: eventBanner({
        title: DEMO_EVENTS[e.key].title,
        subtitle: e.subtitle,
        from: e.colors[0],
        to: e.colors[1],
      }),
      width: 800,
      height: 420,
    })),
    ...SPEAKERS.map((s) => ({
      path: speakerPath(s.id),
      svg: avatar(s.name, s.colors[0], s.colors[1]),
      width: 192,
      height: 192,
    })),
  ];
}

/** Where scripts/demo-images.ts writes the rendering of a storage path (committed). */
export const artworkFile = (path: string) => new URL(`./artwork/${path.replace('/', '-')}`, import.meta.url);

async function putFiles(ctx: SeedContext): Promise<void> {
  for (const { path } of demoArtwork())
    await ctx.putObject(IMAGES_BUCKET, path, new Uint8Array(readFileSync(artworkFile(path))), 'image/webp');
  const pdf = simplePdf('Conferência Jovem 2026 — Programação', [
    'Sexta-feira',
    '19h00  Credenciamento e check-in',
    '20h00  Abertura com o Ministério Vozes de Sião',
    '21h30  Palavra com a Pra. Juliana Mendes',
    '',
    'Sábado',
    '09h00  Oficinas (louvor, comunicação, missões)',
    '12h30  Almoço',
    '15h00  Painel: juventude e missão',
    '19h30  Culto de encerramento com o Pr. Daniel Carvalho',
  ]);
  await ctx.putObject(EVENT_FILES_BUCKET, DEMO_FILES.schedule.path, pdf, 'application/pdf');
  const rules = [
    'REGULAMENTO — CONFERÊNCIA JOVEM 2026',
    '',
    '1. A inscrição é pessoal e intransferível.',
    '2. Apresente o QR code da inscrição (ou o código manual) no check-in.',
    '3. Menores de 16 anos devem estar acompanhados de um responsável.',
    '4. Crianças até 12 anos não pagam e não precisam de inscrição.',
    '5. Em caso de dúvidas, escreva para contato@congrega.app.br.',
    '',
  ].join('\n');
  await ctx.putObject(EVENT_FILES_BUCKET, DEMO_FILES.rules.path, rules, 'text/plain; charset=utf-8');
}

/** 19:30 of today's date in São Paulo (UTC−3, no daylight saving), as epoch milliseconds. */
function eveningInSaoPaulo(now: Date): number {
  const local = new Date(now.getTime() - 3 * HOUR);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 22, 30);
}

/** Seeds the demo data once. */
export async function seed(db: Db, ctx: SeedContext): Promise<void> {
  if (await alreadySeeded(db)) return;
  const now = ctx.now.getTime();
  const at = (offset: number) => new Date(now + offset);
  // Events a day or more away start at 19:30 in São Paulo, as real services do; the one happening
  // now keeps its offset from the present so it stays under way.
  const evening = eveningInSaoPaulo(ctx.now);
  const eventAt = (offset: number) => (Math.abs(offset) >= DAY ? new Date(evening + offset) : at(offset));
  const passwordHash = await ctx.hashPassword(DEMO_PASSWORD);
  await putFiles(ctx);

  await db.transaction(async (tx) => {
    if (await alreadySeeded(tx)) return;

    // congregations
    await insert(tx, 'public.temples', {
      id: DEMO_TEMPLES.sede.id,
      name: DEMO_TEMPLES.sede.name,
      regional: 'Sede',
    });
    for (const [i, t] of REGIONAL_TEMPLES.entries()) {
      await insert(tx, 'public.temples', { id: templeId(i), name: t.name, regional: t.regional });
    }
    await insert(tx, 'public.temples', {
      id: DEMO_TEMPLES.visitors.id,
      name: DEMO_TEMPLES.visitors.name,
      regional: 'custom',
      ours: false,
    });

    // demo users: auth rows, identities, profiles, roles
    for (const key of Object.keys(DEMO_USERS) as DemoUserKey[]) {
      const u = DEMO_USERS[key];
      const d = USER_DETAILS[key];
      await insert(tx, 'auth.users', {
        id: u.id,
        aud: 'authenticated',
        role: 'authenticated',
        email: u.email,
        encrypted_password: passwordHash,
        email_confirmed_at: ctx.now,
        raw_user_meta_data: { display_name: u.name, welcome: true, hasUser: true },
        raw_app_meta_data: { provider: 'email', providers: ['email'] },
        created_at: at(-90 * DAY),
        updated_at: at(-90 * DAY),
      });
      await insert(tx, 'auth.identities', {
        user_id: u.id,
        provider: 'email',
        provider_id: u.id,
        identity_data: { sub: u.id, email: u.email, email_verified: true },
      });
      await insert(tx, 'public.profiles', {
        id: u.id,
        name: u.name,
        email: u.email,
        phone: d.phone,
        cpf: d.cpf,
        temple_id: d.temple === 'sede' ? DEMO_TEMPLES.sede.id : templeId(d.temple),
      });
      for (const role of DEMO_USER_ROLES[key]) await insert(tx, 'public.user_roles', { user_id: u.id, role });
    }

    // tags, speakers, venues
    for (const t of Object.values(DEMO_TAGS)) await insert(tx, 'public.tags', { ...t });
    for (const s of SPEAKERS) {
      await insert(tx, 'public.speakers', {
        id: s.id,
        name: s.name,
        details: s.details,
        image: speakerPath(s.id),
      });
    }
    for (const v of Object.values(VENUES)) await insert(tx, 'public.venues', { ...v });

    // events (parents before children)
    const ordered = [...EVENTS].sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)));
    for (const e of ordered) {
      const starts = e.startsIn;
      await insert(tx, 'public.events', {
        id: DEMO_EVENTS[e.key].id,
        title: DEMO_EVENTS[e.key].title,
        description: e.description,
        details: e.details ?? null,
        image: imagePath(e.key),
        starts_at: eventAt(starts),
        registration_policy: e.registration_policy ?? 'requires',
        checkin_policy: e.checkin_policy ?? 'none',
        checkin_starts_at: e.checkin ? eventAt(e.checkin[0]) : null,
        checkin_ends_at: e.checkin ? eventAt(e.checkin[1]) : null,
        external_redirect: e.external_redirect ?? null,
        allowed_payment_methods: e.allowed_payment_methods ?? [],
        force_upcoming: e.force_upcoming ?? false,
        parent_id: e.parent ? DEMO_EVENTS[e.parent].id : null,
        created_at: at(Math.min(starts, 0) - 30 * DAY),
        deleted_at: e.deleted ? at(-1 * HOUR) : null,
      });
      for (const tag of e.tags ?? []) {
        await insert(tx, 'public.event_tags', { event_id: DEMO_EVENTS[e.key].id, tag_id: DEMO_TAGS[tag].id });
      }
      for (const [position, index] of (e.speakers ?? []).entries()) {
        await insert(tx, 'public.event_speakers', {
          event_id: DEMO_EVENTS[e.key].id,
          speaker_id: SPEAKERS[index]!.id,
          position,
        });
      }
      for (const [position, venue] of (e.venues ?? []).entries()) {
        await insert(tx, 'public.event_venues', {
          event_id: DEMO_EVENTS[e.key].id,
          venue_id: VENUES[venue].id,
          position,
        });
      }
    }

    // tiers
    for (const t of TIERS) {
      const tier = DEMO_TIERS[t.key];
      await insert(tx, 'public.pricing_tiers', {
        id: tier.id,
        event_id: tier.eventId,
        name: tier.name,
        description: t.description ?? null,
        price: tier.price,
        order: t.order,
        starts_at: t.starts === undefined ? null : at(t.starts),
        ends_at: t.ends === undefined ? null : at(t.ends),
        available: t.available ?? null,
        total: t.total ?? null,
        restricted_payment_methods: t.restricted ?? [],
        custom_pix_key: t.custom_pix_key ?? null,
        payment_link: t.payment_link ?? null,
      });
    }

    // event files (objects already in the private bucket)
    for (const f of Object.values(DEMO_FILES)) {
      await insert(tx, 'public.event_files', {
        event_id: DEMO_EVENTS.conference.id,
        name: f.name,
        path: f.path,
      });
    }

    // membro@'s registrations
    const membro = DEMO_USERS.membro.id;
    const conf = DEMO_REGISTRATIONS.membroConference;
    await insert(tx, 'public.registrations', {
      id: conf.id,
      seq: conf.seq,
      user_id: membro,
      tier_id: DEMO_TIERS.conferenceSecond.id,
      event_id: DEMO_EVENTS.conference.id,
      frozen_value: DEMO_TIERS.conferenceSecond.price,
      status: 'paid',
      created_at: at(-12 * HOUR),
    });
    await insert(tx, 'public.registration_confirmations', {
      id: conf.confirmationId,
      registration_id: conf.id,
      strategy: 'mp_pix',
      status: 'paid',
      created_at: at(-12 * HOUR),
      expires_at: at(-11 * HOUR),
      transaction_id: 'demo-pix-0001',
      request_data: {
        amount: DEMO_TIERS.conferenceSecond.price,
        qr_code: '00020126580014br.gov.bcb.pix0136demo',
      },
      response_data: { status: 'approved', status_detail: 'accredited' },
    });
    const now_ = DEMO_REGISTRATIONS.membroHappeningNow;
    await insert(tx, 'public.registrations', {
      id: now_.id,
      seq: now_.seq,
      user_id: membro,
      tier_id: DEMO_TIERS.happeningNowFree.id,
      event_id: DEMO_EVENTS.happeningNow.id,
      frozen_value: 0,
      status: 'paid',
      created_at: at(-3 * DAY),
    });
    await insert(tx, 'public.registration_confirmations', {
      id: now_.confirmationId,
      registration_id: now_.id,
      strategy: 'open',
      status: 'paid',
      created_at: at(-3 * DAY),
    });
    await seedCheckout(tx, ctx);
  });
  await seedAdminRegistrations(db, ctx, passwordHash);
  await seedCheckin(db, ctx);
}
