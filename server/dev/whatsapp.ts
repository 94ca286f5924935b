import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import {
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplate,
  whatsAppText,
} from '../../functions/api/ports/notifier.ts';
import type { Database } from '../db.ts';
import { html, htmlResponse, page } from '../html.ts';

/**
 * The WhatsApp stand-in for dev mode (README 'Reminders and notices'), mounted at /_dev/whatsapp
 * behind the dev-only guard, like the Mercado Pago fake: the API's production adapter
 * (functions/api/adapters/whatsapp-cloud.ts) sends to it exactly as to graph.facebook.com —
 * `POST /{version}/{phone-number-id}/messages` with the bearer token and a template message — and it
 * answers as the Cloud API does. Nothing leaves the machine: the page `/_dev/whatsapp` lists the
 * messages that would have been sent, their text as the approved template reads
 * (`/_dev/whatsapp/messages.json` for tests). Kept in the host's database (schema `dev`, never a
 * migration), once per outbox row.
 */

export interface WhatsAppStandIn {
  routes: Hono;
  accessToken: string;
  phoneNumberId: string;
}

export interface StoredWhatsApp {
  id: string;
  to: string;
  template: string;
  language: string;
  params: string[];
  text: string;
  created_at: string;
}

const SCHEMA = `
create schema if not exists dev;
create table if not exists dev.whatsapp_messages (
  id text primary key,
  to_number text not null,
  template text not null,
  language text not null,
  params jsonb not null,
  body text not null,
  created_at timestamptz not null default now()
);`;

const graphError = (message: string, code: number) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: 'stand-in' },
});

export async function createWhatsAppStandIn(opts: {
  database: Database;
  log?: (line: string) => void;
}): Promise<WhatsAppStandIn> {
  await opts.database.exec(SCHEMA);
  const db = opts.database.db;
  const accessToken = `local-${randomBytes(16).toString('hex')}`;
  const phoneNumberId = '100000000000000';
  const byName = new Map(
    (Object.keys(WHATSAPP_TEMPLATES) as WhatsAppTemplate[]).map((k) => [WHATSAPP_TEMPLATES[k].name, k]),
  );

  const list = async (to?: string): Promise<StoredWhatsApp[]> => {
    const rows = await db.query<{
      id: string;
      to_number: string;
      template: string;
      language: string;
      params: string[];
      body: string;
      created_at: Date | string;
    }>(
      `select * from dev.whatsapp_messages where $1::text is null or to_number = $1 order by created_at desc, id`,
      [to ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      to: r.to_number,
      template: r.template,
      language: r.language,
      params: r.params,
      text: r.body,
      created_at: new Date(r.created_at).toISOString(),
    }));
  };

  const app = new Hono();
  app.post('/:version/:phoneId/messages', async (c) => {
    if (c.req.header('authorization') !== `Bearer ${accessToken}`) {
      return c.json(graphError('Invalid OAuth access token.', 190), 401);
    }
    if (c.req.param('phoneId') !== phoneNumberId) {
      return c.json(graphError('Unsupported post request.', 100), 400);
    }
    const body = (await c.req.json().catch(() => null)) as {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
      };
    } | null;
    const template = body?.template?.name ? byName.get(body.template.name) : undefined;
    const params =
      body?.template?.components?.find((p) => p.type === 'body')?.parameters?.map((p) => p.text ?? '') ?? [];
    if (
      body?.messaging_product !== 'whatsapp' ||
      body.type !== 'template' ||
      !/^[0-9]{8,15}$/.test(body.to ?? '')
    ) {
      return c.json(graphError('(#100) Invalid parameter', 100), 400);
    }
    if (!template)
      return c.json(graphError('(#132001) Template name does not exist in the translation', 132001), 404);
    const expected = (WHATSAPP_TEMPLATES[template].body.match(/\{\{\d+\}\}/g) ?? []).length;
    if (params.length !== expected || params.some((p) => p.trim() === '' || /[\n\t]| {5,}/.test(p))) {
      return c.json(
        graphError('(#132000) Number of parameters does not match the expected number of params', 132000),
        400,
      );
    }
    // the adapter sends the outbox row's id nowhere Graph would read it: one message per body (a retry is the same body)
    const id = `wamid.${Buffer.from(`${body.to}:${JSON.stringify(params)}`)
      .toString('base64url')
      .slice(0, 48)}`;
    await db.query(
      `insert into dev.whatsapp_messages (id, to_number, template, language, params, body)
       values ($1, $2, $3, $4, $5::jsonb, $6) on conflict (id) do nothing`,
      [
        id,
        body.to,
        body.template?.name ?? '',
        body.template?.language?.code ?? '',
        JSON.stringify(params),
        whatsAppText(template, params),
      ],
    );
    opts.log?.(`💬 WhatsApp (local) para ${body.to}: ${body.template?.name}`);
    return c.json({
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id }],
    });
  });
  app.get('/messages.json', async (c) => c.json(await list(c.req.query('to') || undefined)));
  app.get('/', async (c) => {
    const to = c.req.query('to') || undefined;
    const items = (await list(to)).map(
      (m) => html`<article class="card">
  <div class="muted">${new Date(m.created_at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}
    · para <strong>+${m.to}</strong> · modelo ${m.template} (${m.language})</div>
  <pre>${m.text}</pre>
</article>`,
    );
    return htmlResponse(
      page(
        'WhatsApp (local)',
        html`<h1>WhatsApp</h1>
<p class="sub">Mensagens que o Congrega local enviaria pelo WhatsApp${to ? html` para +${to}` : ''}, da mais nova à mais antiga.
Só existe no servidor local: nada sai deste computador.</p>
${items.length ? items : html`<p class="card">Nenhuma mensagem enviada ainda.</p>`}`,
      ),
    );
  });
  return { routes: app, accessToken, phoneNumberId };
}
