import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotifierError, WHATSAPP_TEMPLATES, whatsAppText } from '../ports/notifier.ts';
import { createWhatsAppCloudNotifier, notifierFromEnv, templateParam } from './whatsapp-cloud.ts';

/** A local HTTP server playing the Graph API: records each request, answers what `next` says. */
let server: Server;
let baseUrl: string;
const requests: { method: string; url: string; headers: IncomingMessage['headers']; body: unknown }[] = [];
let next: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw || 'null'),
      });
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const message = {
  id: 'row-1',
  to: '5511987654321',
  template: 'payment_reminder' as const,
  params: [
    'Ana',
    'Retiro',
    'PIX',
    'hoje às 18:30',
    'https://x/my-registrations/1',
    'https://x/lembretes/sair/t',
  ],
};

describe('WhatsApp Cloud API adapter', () => {
  it('posts an approved template to /{version}/{phone-number-id}/messages with the bearer token', async () => {
    requests.length = 0;
    next = {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: message.to }],
        messages: [{ id: 'wamid.X' }],
      },
    };
    const notifier = createWhatsAppCloudNotifier({
      accessToken: 'EAAG-secret',
      phoneNumberId: '106540352242922',
      apiUrl: baseUrl,
      apiVersion: 'v20.0',
      templateNames: { payment_reminder: 'pagamento_v2' },
    });
    await notifier.send(
      {
        ...message,
        params: [...message.params.slice(0, 3), 'hoje\nàs    18:30', ...message.params.slice(4)],
      },
      AbortSignal.timeout(5000),
    );
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/v20.0/106540352242922/messages');
    expect(req!.headers.authorization).toBe('Bearer EAAG-secret');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'template',
      template: {
        name: 'pagamento_v2',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: 'Retiro' },
              { type: 'text', text: 'PIX' },
              // no line breaks nor runs of spaces: WhatsApp refuses them in a parameter
              { type: 'text', text: 'hoje às 18:30' },
              { type: 'text', text: 'https://x/my-registrations/1' },
              { type: 'text', text: 'https://x/lembretes/sair/t' },
            ],
          },
        ],
      },
    });
  });

  it('a refusal (4xx) is permanent and never shows the token; 429 and 5xx are retried', async () => {
    const notifier = createWhatsAppCloudNotifier({
      accessToken: 'EAAG-secret',
      phoneNumberId: '1',
      apiUrl: baseUrl,
    });
    next = { status: 400, body: { error: { message: '(#131026) Message undeliverable', code: 131026 } } };
    const refused = await notifier.send(message, AbortSignal.timeout(5000)).catch((e) => e);
    expect(refused).toBeInstanceOf(NotifierError);
    expect(refused.permanent).toBe(true);
    expect(refused.message).toContain('131026');
    expect(refused.message).not.toContain('EAAG');
    for (const status of [429, 500, 503]) {
      next = { status, body: { error: { message: 'busy', code: 4 } } };
      const error = await notifier.send(message, AbortSignal.timeout(5000)).catch((e) => e);
      expect(error).toBeInstanceOf(NotifierError);
      expect(error.permanent).toBe(false);
    }
    // nobody listening: retried
    const down = createWhatsAppCloudNotifier({
      accessToken: 't',
      phoneNumberId: '1',
      apiUrl: 'http://127.0.0.1:9',
    });
    const error = await down.send(message, AbortSignal.timeout(5000)).catch((e) => e);
    expect(error.permanent).toBe(false);
  });

  it('configured from the environment; none without a token', () => {
    expect(notifierFromEnv(() => undefined)).toBeNull();
    expect(() => notifierFromEnv((n) => (n === 'WHATSAPP_TOKEN' ? 't' : undefined))).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID/,
    );
    const env: Record<string, string> = { WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1' };
    expect(notifierFromEnv((n) => env[n])?.describe).toBe('whatsapp-cloud');
  });

  it("each template's body has as many variables as the messages fill, and reads in pt-BR", () => {
    expect(templateParam('')).toBe('—');
    const counts = Object.fromEntries(
      Object.entries(WHATSAPP_TEMPLATES).map(([k, t]) => [k, (t.body.match(/\{\{\d+\}\}/g) ?? []).length]),
    );
    expect(counts).toEqual({ event_reminder: 7, payment_reminder: 6, caravan_paid: 5 });
    for (const t of Object.values(WHATSAPP_TEMPLATES))
      expect(t.example.length).toBe((t.body.match(/\{\{\d+\}\}/g) ?? []).length);
    expect(whatsAppText('payment_reminder', message.params)).toContain('Olá, Ana! Sua inscrição em Retiro');
  });
});
