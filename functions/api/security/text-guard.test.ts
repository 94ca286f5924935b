import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EVENTS, DEMO_FILES, DEMO_TEMPLES } from '../../../server/seed/demo.ts';
import { forbiddenCharactersMessage } from '../../../src/domain/text.ts';
import { startTestHost, type TestHost } from '../testing/test-app.ts';

let h: TestHost;
beforeAll(async () => {
  h = await startTestHost();
}, 120_000);
afterAll(() => h?.close());

const NUL = '%00';
/** U+D800 as UTF-8 bytes: a lone surrogate in a URL. */
const SURROGATE = '%ED%A0%80';
const refused = { code: 'INVALID_DATA', message: forbiddenCharactersMessage };

const signup = (over: Record<string, unknown>) => ({
  email: 'texto.estranho@exemplo.com',
  password: 'segredo123',
  congregacao: DEMO_TEMPLES.sede.id,
  consentCongregation: true,
  otherChurch: null,
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  options: { emailRedirectTo: null, data: { display_name: 'Texto Estranho' } },
  ...over,
});

describe('NUL and lone surrogates are refused with 400 INVALID_DATA on every route', () => {
  const urls = (bad: string) => [
    `/health?x=${bad}`,
    `/v1/me?x=${bad}`,
    `/v1/temples?x=${bad}`,
    `/v1/events/upcoming?x=${bad}`,
    `/v1/events?month=2026-0${bad}`,
    `/v1/events/${DEMO_EVENTS.happeningNow.id}${bad}`,
    `/v1/events/${bad}`,
    `/v1/registrations?x=${bad}`,
    `/v1/files?type=eventFile&filename=${encodeURIComponent(DEMO_FILES.schedule.path)}${bad}`,
    `/v1/files?type=eventFile${bad}&filename=x`,
    `/v1/admin/users/search?q=ana${bad}`,
    `/v1/admin/users/search?q=ana&temple_id=${bad}`,
    `/v1/nao-existe${bad}`,
  ];

  for (const [name, bad] of [
    ['NUL', NUL],
    ['lone surrogate', SURROGATE],
  ] as const) {
    it(`in the path or query (${name}), signed in or not`, async () => {
      const token = await h.token('admin');
      for (const url of urls(bad)) {
        for (const auth of [token, undefined]) {
          const res = await h.call(url, { token: auth });
          expect({ url, status: res.status, body: res.body }).toEqual({ url, status: 400, body: refused });
        }
      }
    });
  }

  it('in a JSON body: /signup and /v1/welcome, in values and in keys, escaped or raw', async () => {
    const token = await h.token('membro');
    const bodies = [
      JSON.stringify(signup({ email: 'a\u0000b@exemplo.com' })),
      JSON.stringify(signup({ password: 'segredo\ud800123' })),
      JSON.stringify(signup({ options: { emailRedirectTo: null, data: { display_name: 'Ana \udc00' } } })),
      JSON.stringify(signup({ cpf: '529.982.247-25\u0000' })),
      JSON.stringify({ ...signup({}), 'chave\u0000': 1 }),
      `{"email":"x\u0000y@exemplo.com"}`, // a raw NUL byte: not even JSON
    ];
    for (const raw of bodies) {
      for (const path of ['/signup', '/v1/welcome']) {
        const res = await h.call(path, { raw, token: path === '/signup' ? undefined : token });
        expect({ path, raw, status: res.status, body: res.body }).toEqual({
          path,
          raw,
          status: 400,
          body: refused,
        });
      }
    }
    expect(await h.count(`auth.users where email like 'texto.estranho%'`)).toBe(0);
  });

  it('a text/plain or unlabelled body is checked too (the routes read it as JSON anyway)', async () => {
    const raw = JSON.stringify(signup({ phone: '(11) 98765-4321\u0000' }));
    for (const type of ['text/plain', '']) {
      const res = await h.call('/signup', { raw, headers: { 'content-type': type } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused);
    }
  });

  it('lets ordinary accents, emoji and percent signs through', async () => {
    const res = await h.call(`/v1/admin/users/search?q=${encodeURIComponent('joão 😀 100%')}`, {
      token: await h.token('admin'),
    });
    expect(res.status).toBe(200);
    const events = await h.call('/v1/events/upcoming');
    expect(events.status).toBe(200);
  });
});
