import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../server/host.ts';
import { startHost } from './helpers.ts';

/** The WhatsApp stand-in (README 'Reminders and notices'): dev mode only, this machine only, like the Mercado Pago fake. */

const PATHS = ['/_dev/whatsapp', '/_dev/whatsapp/messages.json'];
const post = (url: string, headers: Record<string, string>, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('WhatsApp stand-in outside dev mode', () => {
  it('is gone (404) with dev mode off, and WhatsApp waits without a token', async () => {
    const host = await startHost({ devHelpers: false });
    try {
      expect(host.whatsAppStandIn).toBeNull();
      expect(host.whatsapp).toBeNull();
      for (const path of PATHS) expect((await fetch(`${host.url}${path}`)).status, path).toBe(404);
      expect((await post(`${host.url}/_dev/whatsapp/v21.0/1/messages`, {}, {})).status).toBe(404);
    } finally {
      await host.close();
    }
  });

  it('a real token turns the stand-in off even in dev mode', async () => {
    const host = await startHost({
      whatsapp: { WHATSAPP_TOKEN: 'EAAG-real', WHATSAPP_PHONE_NUMBER_ID: '1' },
    });
    try {
      expect(host.whatsAppStandIn).toBeNull();
      expect(host.whatsapp).toBe('whatsapp-cloud');
      expect((await fetch(`${host.url}/_dev/whatsapp`)).status).toBe(404);
    } finally {
      await host.close();
    }
  });
});

describe('WhatsApp stand-in in dev mode', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost({ devHelpers: true });
  });
  afterAll(() => host?.close());

  it('plays the Graph API: its token, a known template, the right number of parameters', async () => {
    const standIn = host.whatsAppStandIn!;
    expect(host.whatsapp).toBe('stand-in');
    const url = `${host.url}/_dev/whatsapp/v21.0/${standIn.phoneNumberId}/messages`;
    const auth = { authorization: `Bearer ${standIn.accessToken}` };
    const message = (name: string, texts: string[]) => ({
      messaging_product: 'whatsapp',
      to: '5511987654321',
      type: 'template',
      template: {
        name,
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: texts.map((text) => ({ type: 'text', text })) }],
      },
    });
    const params = ['Ana', '5', 'Retiro', 'https://x/my-registrations/1', 'https://x/lembretes/sair/t'];
    expect(
      (await post(url, { authorization: 'Bearer nope' }, message('congrega_caravana_paga', params))).status,
    ).toBe(401);
    expect((await post(url, auth, message('nao_existe', params))).status).toBe(404);
    expect((await post(url, auth, message('congrega_caravana_paga', params.slice(1)))).status).toBe(400);
    const ok = await post(url, auth, message('congrega_caravana_paga', params));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      messaging_product: 'whatsapp',
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    const listed = (await (
      await fetch(`${host.url}/_dev/whatsapp/messages.json?to=5511987654321`)
    ).json()) as {
      text: string;
    }[];
    expect(listed.map((m) => m.text)).toEqual([
      'Olá, Ana! Todas as 5 pessoas da sua caravana para Retiro estão com o pagamento confirmado.\nVer caravana: https://x/my-registrations/1\nPara não receber mais lembretes: https://x/lembretes/sair/t',
    ]);
    const page = await fetch(`${host.url}/_dev/whatsapp`);
    expect(await page.text()).toContain('Todas as 5 pessoas da sua caravana para Retiro');
    // only this machine: a proxied request is refused
    expect(
      (await fetch(`${host.url}/_dev/whatsapp`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status,
    ).toBe(403);
  });
});
