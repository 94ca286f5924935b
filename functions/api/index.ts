// Deno entry of the Edge Function `api` (thin): ports from the environment, then the Hono app.
import postgres from 'postgres';
import { mailerFromEnv } from './adapters/http-mailer.ts';
import { createMercadoPagoPayments } from './adapters/mercadopago.ts';
import { notifierFromEnv } from './adapters/whatsapp-cloud.ts';
import { createApp } from './app.ts';
import { createPostgresDb } from './ports/db-postgres.ts';
import { createNominatimGeocoder } from './ports/geocoder.ts';
import { createHttpPorts } from './ports/http.ts';
import { type ApiEnv, systemClock } from './ports/index.ts';

const env: ApiEnv = {
  supabaseUrl: (Deno.env.get('SUPABASE_URL') ?? '').replace(/\/+$/, ''),
  anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
  serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  // where the app is served (links in the members' e-mails)
  siteUrl: (Deno.env.get('SITE_URL') ?? '').replace(/\/+$/, '') || undefined,
  // the person in charge of members' data (shown on /privacidade) and how long receipts are kept
  privacyEmail: Deno.env.get('PRIVACY_EMAIL') || undefined,
  receiptRetentionDays: Deno.env.get('RECEIPT_RETENTION_DAYS')
    ? Number(Deno.env.get('RECEIPT_RETENTION_DAYS'))
    : undefined,
  signupLimit: Deno.env.get('SIGNUP_LIMIT') ? Number(Deno.env.get('SIGNUP_LIMIT')) : undefined,
  mercadoPago: {
    publicKey: Deno.env.get('MP_PUBLIC_KEY') ?? '',
    webhookSecret: Deno.env.get('MP_WEBHOOK_SECRET') ?? '',
    notificationUrl: Deno.env.get('MP_NOTIFICATION_URL') || undefined,
    simulated: false,
  },
};
const payments = createMercadoPagoPayments({
  apiUrl: Deno.env.get('MP_API_URL') || undefined,
  accessToken: Deno.env.get('MP_ACCESS_TOKEN') ?? '',
});

// postgres.js connects lazily (on the first query), so /api/health answers without a database.
const sql = postgres(Deno.env.get('SUPABASE_DB_URL') ?? 'postgres://postgres@127.0.0.1:5432/postgres', {
  prepare: false,
  max: Number(Deno.env.get('DB_POOL_SIZE') ?? '5'),
  onnotice: () => {},
});

// Nominatim's policy asks for a User-Agent that identifies the app and a way to reach it.
const geocoder = createNominatimGeocoder({
  baseUrl: Deno.env.get('NOMINATIM_URL') || undefined,
  userAgent: Deno.env.get('GEOCODER_USER_AGENT') || `Congrega (+${env.supabaseUrl})`,
});

// The members' e-mails: an HTTP e-mail API (EMAIL_API=resend|webhook; Edge Functions cannot use
// SMTP ports), sent after the answer while the worker stays alive for it (EdgeRuntime.waitUntil).
const mailer = mailerFromEnv((name) => Deno.env.get(name));
if (!mailer) console.warn('[mail] EMAIL_API not set: e-mails to members stay in the outbox');
const edgeRuntime = (globalThis as { EdgeRuntime?: { waitUntil(task: Promise<unknown>): void } }).EdgeRuntime;

const app = createApp({
  ...createHttpPorts(env),
  db: createPostgresDb(sql),
  clock: systemClock,
  payments,
  geocoder,
  mailer,
  // WhatsApp (README 'Reminders and notices'): without WHATSAPP_TOKEN its messages wait in the outbox
  notifier: notifierFromEnv((name) => Deno.env.get(name)) ?? undefined,
  waitUntil: (task) => edgeRuntime?.waitUntil(task),
  env,
});

const port = Deno.env.get('PORT');
Deno.serve(port ? { port: Number(port) } : {}, app.fetch);
