/**
 * Fixed ids and names of the demo seed, for tests and docs. Dates are relative to the seed's `now`.
 * Every demo user's password is DEMO_PASSWORD.
 */

export const DEMO_PASSWORD = 'congrega123';

export const DEMO_USERS = {
  admin: {
    id: '0d3b7a1e-5c2f-4a8e-9b61-a00000000001',
    email: 'admin@congrega.local',
    name: 'Ana Beatriz Souza',
  },
  secretaria: {
    id: '0d3b7a1e-5c2f-4a8e-9b61-a00000000002',
    email: 'secretaria@congrega.local',
    name: 'Sérgio Almeida Costa',
  },
  lider: {
    id: '0d3b7a1e-5c2f-4a8e-9b61-a00000000003',
    email: 'lider@congrega.local',
    name: 'Lucas Pereira Lima',
  },
  voluntario: {
    id: '0d3b7a1e-5c2f-4a8e-9b61-a00000000004',
    email: 'voluntario@congrega.local',
    name: 'Vitória Ramos Dias',
  },
  membro: {
    id: '0d3b7a1e-5c2f-4a8e-9b61-a00000000005',
    email: 'membro@congrega.local',
    name: 'Mateus Oliveira Santos',
  },
} as const;
export type DemoUserKey = keyof typeof DEMO_USERS;

/** Roles given to the demo users (membro has none). */
export const DEMO_USER_ROLES: Record<DemoUserKey, string[]> = {
  admin: ['admin'],
  secretaria: ['secretaria'],
  lider: ['lider'],
  voluntario: ['voluntario'],
  membro: [],
};

export const DEMO_TEMPLES = {
  sede: { id: '5e1f0c2a-7b3d-4c9e-8f10-b00000000001', name: 'Sede' },
  visitors: { id: '5e1f0c2a-7b3d-4c9e-8f10-b000000000ff', name: 'Visitantes' },
} as const;

/** `general` is the general tag (`is_general`): its events make the home's row. */
export const DEMO_TAGS = {
  general: { id: '7a9c3e5f-1b2d-4e6f-8a0b-c00000000001', name: 'Geral', color: '#3080d4', is_general: true },
  youth: { id: '7a9c3e5f-1b2d-4e6f-8a0b-c00000000002', name: 'Jovens', color: '#e8590c' },
  vigil: { id: '7a9c3e5f-1b2d-4e6f-8a0b-c00000000003', name: 'Vigília', color: '#7048e8' },
  worship: { id: '7a9c3e5f-1b2d-4e6f-8a0b-c00000000004', name: 'Louvor', color: '#2b8a3e' },
  study: { id: '7a9c3e5f-1b2d-4e6f-8a0b-c00000000005', name: 'Estudo', color: '#c2255c' },
} as const;

const ev = (n: string) => `e4a8b2c6-3d5f-4a7b-9c1e-d000000000${n}`;
const tier = (n: string) => `f1b3d5e7-2a4c-4e6a-8b0d-e000000000${n}`;

/** Demo events (titles are what the screens show). */
export const DEMO_EVENTS = {
  /** under way: started 1 h ago, check-in window open; checkin_policy requires; free tier */
  happeningNow: { id: ev('01'), title: 'Culto de Jovens — Noite de Louvor' },
  /** in 7 days; tiers in every display status; sub-events; files; paid tiers */
  conference: { id: ev('02'), title: 'Conferência Jovem 2026' },
  /** child events of the conference (parent_id) */
  workshop: { id: ev('03'), title: 'Workshop de Louvor e Adoração' },
  communication: { id: ev('04'), title: 'Oficina de Comunicação Cristã' },
  /** in 10 days; only tier 'Fastpass', sold out */
  vigil: { id: ev('05'), title: 'Vigília de Oração' },
  /** in 14 days; registration_policy open (tiers hidden) */
  openEvent: { id: ev('06'), title: 'Culto de Missões' },
  /** in 20 days; external_redirect */
  external: { id: ev('07'), title: 'Congresso Nacional de Jovens' },
  /** in ~4 months; force_upcoming */
  forced: { id: ev('08'), title: 'Acampamento de Verão' },
  /** in 3 days; free tier, registration_policy allows */
  bibleStudy: { id: ev('09'), title: 'Estudo Bíblico: Cartas de Paulo' },
  /** in 60 days; not upcoming (outside the month window), listed in its month */
  later: { id: ev('10'), title: 'Encontro de Casais' },
  /** past events (previous months) */
  pastRetreat: { id: ev('11'), title: 'Retiro de Carnaval' },
  pastNewYear: { id: ev('12'), title: 'Culto de Ano Novo' },
  pastTestimonies: { id: ev('13'), title: 'Noite de Testemunhos' },
  /** soft-deleted (in 5 days): never listed, 404 */
  deleted: { id: ev('14'), title: 'Evento Removido' },
} as const;
export type DemoEventKey = keyof typeof DEMO_EVENTS;

/** Demo tiers. Prices in centavos. */
export const DEMO_TIERS = {
  happeningNowFree: {
    id: tier('01'),
    eventId: DEMO_EVENTS.happeningNow.id,
    name: 'Entrada gratuita',
    price: 0,
  },
  /** FINISHED: ended yesterday */
  conferenceFirst: { id: tier('02'), eventId: DEMO_EVENTS.conference.id, name: '1º Lote', price: 3500 },
  /** AVAILABLE with an end (in 5 days), no limit; membro@ holds a paid registration here */
  conferenceSecond: { id: tier('03'), eventId: DEMO_EVENTS.conference.id, name: '2º Lote', price: 4500 },
  /** AVAILABLE with a total (37 of 80 left), no end; mp_card restricted, custom PIX key */
  conferenceCaravan: {
    id: tier('04'),
    eventId: DEMO_EVENTS.conference.id,
    name: 'Lote Caravana',
    price: 4000,
  },
  /** WAITING: starts in 5 days */
  conferenceThird: { id: tier('05'), eventId: DEMO_EVENTS.conference.id, name: '3º Lote', price: 6000 },
  /** SOLD_OUT: available 0 */
  conferencePromo: {
    id: tier('06'),
    eventId: DEMO_EVENTS.conference.id,
    name: 'Lote Promocional',
    price: 2500,
  },
  /** AVAILABLE, free, with a payment link (unused: free) — the free tier of the conference */
  conferenceFree: { id: tier('07'), eventId: DEMO_EVENTS.conference.id, name: 'Voluntários', price: 0 },
  /** the Fastpass, sold out */
  vigilFastpass: { id: tier('08'), eventId: DEMO_EVENTS.vigil.id, name: 'Fastpass', price: 0 },
  openEventFree: { id: tier('09'), eventId: DEMO_EVENTS.openEvent.id, name: 'Entrada livre', price: 0 },
  forcedEarly: { id: tier('10'), eventId: DEMO_EVENTS.forced.id, name: 'Inscrição antecipada', price: 18000 },
  bibleStudyFree: { id: tier('11'), eventId: DEMO_EVENTS.bibleStudy.id, name: 'Gratuito', price: 0 },
  workshopFree: { id: tier('12'), eventId: DEMO_EVENTS.workshop.id, name: 'Participação', price: 0 },
  communicationFree: {
    id: tier('13'),
    eventId: DEMO_EVENTS.communication.id,
    name: 'Participação',
    price: 0,
  },
  laterCouple: { id: tier('14'), eventId: DEMO_EVENTS.later.id, name: 'Casal', price: 12000 },
  pastRetreatTier: { id: tier('15'), eventId: DEMO_EVENTS.pastRetreat.id, name: 'Lote único', price: 25000 },
  pastNewYearFree: {
    id: tier('16'),
    eventId: DEMO_EVENTS.pastNewYear.id,
    name: 'Entrada gratuita',
    price: 0,
  },
  /** link payment method tier of the Summer Camp */
  forcedLink: { id: tier('17'), eventId: DEMO_EVENTS.forced.id, name: 'Parcelado no cartão', price: 19500 },
  deletedTier: { id: tier('18'), eventId: DEMO_EVENTS.deleted.id, name: 'Lote único', price: 1000 },
} as const;

/** membro@'s registrations. */
export const DEMO_REGISTRATIONS = {
  /** paid (mp_pix) on the conference's '2º Lote', frozen 4500 */
  membroConference: {
    id: '9b2d4f6a-8c0e-4a2c-8e4a-f00000000001',
    seq: '482913',
    confirmationId: '9b2d4f6a-8c0e-4a2c-8e4a-f10000000001',
  },
  /** paid (open, free) on the happening-now event: the ticket QR / check-in demo */
  membroHappeningNow: {
    id: '9b2d4f6a-8c0e-4a2c-8e4a-f00000000002',
    seq: '735164',
    confirmationId: '9b2d4f6a-8c0e-4a2c-8e4a-f10000000002',
  },
} as const;

/** Files of the conference, in the private bucket `event-files`. */
export const DEMO_FILES = {
  schedule: {
    name: 'Programação completa (PDF)',
    path: `events/${DEMO_EVENTS.conference.id}/programacao.pdf`,
  },
  rules: { name: 'Regulamento e orientações', path: `events/${DEMO_EVENTS.conference.id}/regulamento.txt` },
} as const;

/** Public bucket for event, speaker and venue images; private bucket for event files. */
export const IMAGES_BUCKET = 'images';
export const EVENT_FILES_BUCKET = 'event-files';
