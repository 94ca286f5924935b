import { describe, expect, it } from 'vitest';
import { createHttpMailer, mailerFromEnv } from '../adapters/http-mailer.ts';
import type { Email, MailerError } from '../ports/mailer.ts';
import { foldLine } from './ics.ts';
import { type MemberMailFacts, renderMemberEmail } from './member-emails.ts';

const facts: MemberMailFacts = {
  member_name: 'Ana Beatriz Souza',
  registration_id: '11111111-2222-4333-8444-555555555555',
  seq: '482913',
  frozen_value: 4500,
  registration_status: 'paid',
  tier_name: 'Lote 1',
  reason: null,
  strategy: 'cash',
  event: {
    id: 'eeeeeeee-2222-4333-8444-555555555555',
    title: 'Conferência Jovem, 2026; edição especial',
    // 19:30 in São Paulo
    starts_at: '2026-12-05T22:30:00+00:00',
    checkin_ends_at: null,
    venue: { name: 'Sede', address: 'Rua Augusta, 1500 — São Paulo', room: 'Salão 2' },
  },
};
const opts = { siteUrl: 'https://app.test', now: new Date('2026-11-26T10:00:00Z') };

describe('the members’ e-mails', () => {
  it('every e-mail links the privacy page in its footer; the account deletion is confirmed', () => {
    const mail = renderMemberEmail('payment_approved', facts, opts);
    expect(mail.text).toContain('Privacidade e seus dados: https://app.test/privacidade');
    expect(mail.html).toContain('href="https://app.test/privacidade"');
    const gone = renderMemberEmail('account_deleted', { member_name: 'Ana Souza' } as MemberMailFacts, opts);
    expect(gone.subject).toBe('Sua conta no Congrega foi excluída');
    expect(gone.text).toMatch(/^Olá, Ana!/);
    expect(gone.text).toContain('Apagamos seu nome, email, WhatsApp, CPF e congregação');
    expect(gone.link).toBe('https://app.test/privacidade');
    expect(gone.attachments).toEqual([]);
  });

  it('a caravan guest’s e-mail never opens with, nor links, the name the leader typed', () => {
    const guest = { ...facts, guest: true, member_name: 'https://golpe.example/pix-145-9 Silva' };
    for (const kind of [
      'registration_confirmed',
      'payment_approved',
      'payment_rejected',
      'pix_expired',
    ] as const) {
      const mail = renderMemberEmail(kind, guest, opts);
      expect(mail.text.split('\n')[0]).toBe('Olá!');
      expect(mail.html).toContain('<p>Olá!</p>');
      expect(mail.subject).not.toContain('golpe');
      // only a detail of the ticket, as text, never inside a link
      expect(mail.text).toContain('Ingresso de: https://golpe.example/pix-145-9 Silva');
      expect(mail.html).not.toMatch(/<a [^>]*>[^<]*golpe/);
      expect(mail.html).not.toMatch(/href="[^"]*golpe/);
    }
  });

  it('cash places that expired: the guest and the leader (about the caravan) are told, with the event link', () => {
    const guest = renderMemberEmail(
      'cash_expired',
      { ...facts, guest: true, registration_status: 'expired' },
      opts,
    );
    expect(guest.subject).toBe('Vaga liberada: Conferência Jovem, 2026; edição especial');
    expect(guest.text).toContain('O pagamento em dinheiro da inscrição em Conferência Jovem');
    expect(guest.link).toBe(`https://app.test/events/${facts.event.id}`);
    const leader = renderMemberEmail('cash_expired', { ...facts, caravan_people: 4 }, opts);
    expect(leader.text).toContain('Olá, Ana!');
    expect(leader.text).toContain('sua caravana de 4 pessoas');
    expect(leader.attachments).toEqual([]);
  });

  it('a confirmed registration: the ticket code and link, and the event as .ics in São Paulo time', () => {
    const mail = renderMemberEmail('registration_confirmed', facts, opts);
    expect(mail.subject).toBe('Inscrição confirmada: Conferência Jovem, 2026; edição especial');
    expect(mail.text).toContain('Olá, Ana!');
    expect(mail.text).toContain('Código do ingresso: 482-913');
    expect(mail.text).toContain('sábado, 5 de dezembro às 19:30');
    expect(mail.link).toBe(`https://app.test/my-registrations/${facts.registration_id}`);
    expect(mail.html).toContain(`href="https://app.test/my-registrations/${facts.registration_id}"`);
    const ics = mail.attachments[0]!;
    expect(ics.filename).toBe('evento.ics');
    expect(ics.contentType).toContain('text/calendar');
    const unfolded = ics.content.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTART;TZID=America/Sao_Paulo:20261205T193000\r\n');
    expect(unfolded).toContain('DTEND;TZID=America/Sao_Paulo:20261205T213000\r\n');
    expect(unfolded).toContain('TZID:America/Sao_Paulo\r\n');
    expect(unfolded).toContain('SUMMARY:Conferência Jovem\\, 2026\\; edição especial\r\n');
    expect(unfolded).toContain(`UID:registration-${facts.registration_id}@congrega`);
    expect(unfolded).toContain('METHOD:PUBLISH');
    for (const line of ics.content.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('a pending registration is received, not confirmed, and shows no ticket code', () => {
    const mail = renderMemberEmail(
      'registration_confirmed',
      { ...facts, registration_status: 'pending' },
      opts,
    );
    expect(mail.subject).toMatch(/^Inscrição recebida: /);
    expect(mail.text).toContain('Pagamento presencial');
    expect(mail.text).not.toContain('Código do ingresso');
  });

  it('a rejection says why and has no calendar file; a removed event cancels the calendar entry', () => {
    const rejected = renderMemberEmail(
      'payment_rejected',
      { ...facts, registration_status: 'rejected', reason: 'Comprovante <ilegível>' },
      opts,
    );
    expect(rejected.subject).toMatch(/^Pagamento recusado: /);
    expect(rejected.text).toContain('Motivo: Comprovante <ilegível>');
    expect(rejected.html).toContain('Motivo: Comprovante &#60;ilegível&#62;');
    expect(rejected.attachments).toEqual([]);
    const removed = renderMemberEmail('event_removed', facts, opts);
    expect(removed.subject).toMatch(/^Evento removido: /);
    expect(removed.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(removed.attachments[0]!.content).toContain('STATUS:CANCELLED');
    const expired = renderMemberEmail('pix_expired', { ...facts, strategy: 'mp_pix' }, opts);
    expect(expired.subject).toMatch(/^PIX expirado: /);
    // 'Gerar novo PIX' is on the registration itself
    expect(expired.link).toBe(`https://app.test/my-registrations/${facts.registration_id}`);
    expect(expired.text).toContain(
      `Gerar novo PIX: https://app.test/my-registrations/${facts.registration_id}`,
    );
    expect(expired.text).not.toContain('nova inscrição');
  });

  it("a rejection offers 'Tentar novamente' on the same registration (its tier's checkout), never a new registration", () => {
    const tierId = 'tttttttt-2222-4333-8444-555555555555';
    const rejected = renderMemberEmail(
      'payment_rejected',
      {
        ...facts,
        strategy: 'file',
        tier_id: tierId,
        registration_status: 'rejected',
        reason: 'Ilegível, envie outro',
      },
      opts,
    );
    const retry = `https://app.test/checkout/${facts.event.id}/${tierId}`;
    expect(rejected.link).toBe(retry);
    expect(rejected.text).toContain(`Tentar novamente: ${retry}`);
    expect(rejected.text).toContain('enviando outro comprovante ou escolhendo outra forma de pagamento');
    expect(rejected.text).not.toMatch(/nova inscrição/);
    expect(rejected.html).toContain(`href="${retry}"`);
    // an older row without the tier: the registration, where the same button is
    const older = renderMemberEmail('payment_rejected', { ...facts, registration_status: 'rejected' }, opts);
    expect(older.link).toBe(`https://app.test/my-registrations/${facts.registration_id}`);
    // a caravan guest: the leader redoes it
    const guest = renderMemberEmail(
      'payment_rejected',
      { ...facts, guest: true, tier_id: tierId, registration_status: 'rejected' },
      opts,
    );
    expect(guest.text).toContain('Fale com quem inscreveu você na caravana');
    expect(guest.text).not.toContain('/checkout/');
  });

  it("the caravan leader's summary: event, each person and their ticket state, total, payment status, link; names never lead a line nor become links", () => {
    const summary = {
      member_name: 'Paulo Líder Souza',
      group_id: '99999999-2222-4333-8444-555555555555',
      registration_id: '88888888-2222-4333-8444-555555555555',
      frozen_total: 8000,
      strategy: 'mp_pix',
      payment_status: 'paid',
      tier_name: 'Lote Caravana',
      people: [
        { name: 'Ana Clara Souza', status: 'paid' },
        { name: 'www.golpe.example <b>Pix</b>', status: 'paid' },
      ],
      event: facts.event,
    };
    const mail = renderMemberEmail('caravan_summary', summary as unknown as MemberMailFacts, opts);
    expect(mail.subject).toBe('Resumo da caravana (Pago): Conferência Jovem, 2026; edição especial');
    expect(mail.text).toMatch(/^Olá, Paulo!/);
    expect(mail.text).toContain('2 pessoas, total R$');
    expect(mail.text).toContain('Situação do pagamento: Pago');
    expect(mail.text).toContain('Pessoa 1 (Pago): Ana Clara Souza');
    expect(mail.text).toContain('Pessoa 2 (Pago): www.golpe.example <b>Pix</b>');
    const link = `https://app.test/my-registrations/${summary.registration_id}`;
    expect(mail.link).toBe(link);
    expect(mail.text).toContain(`Ver a caravana: ${link}`);
    for (const line of mail.text.split('\n'))
      expect(line.startsWith('www.') || line.startsWith('Ana')).toBe(false);
    expect(mail.html).toContain('www.golpe.example &#60;b&#62;Pix&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Pix</b>');
    const anchors = [...mail.html.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((a) => a[1]);
    expect(anchors.some((a) => a?.includes('golpe') || a?.includes('Ana'))).toBe(false);
    const pending = renderMemberEmail(
      'caravan_summary',
      {
        ...summary,
        payment_status: 'pending',
        people: summary.people.map((p) => ({ ...p, status: 'pending' })),
      } as unknown as MemberMailFacts,
      opts,
    );
    expect(pending.subject).toMatch(/^Resumo da caravana \(Pendente\): /);
    expect(pending.text).toContain('Pessoa 1 (Pendente): Ana Clara Souza');
  });

  it("a waiting list's offer: the place held until when, and the link that opens the checkout on its tier", () => {
    const mail = renderMemberEmail(
      'waitlist_offer',
      {
        member_name: 'Ana Beatriz Souza',
        tier_id: 'tttttttt-2222-4333-8444-555555555555',
        tier_name: 'Lote 1',
        offer_expires_at: '2026-11-27T13:00:00+00:00',
        event: facts.event,
      } as unknown as MemberMailFacts,
      opts,
    );
    expect(mail.subject).toBe('Uma vaga para você: Conferência Jovem, 2026; edição especial');
    expect(mail.text).toMatch(/^Olá, Ana!/);
    expect(mail.text).toContain('Uma vaga do lote Lote 1 de Conferência Jovem, 2026; edição especial voltou');
    expect(mail.text).toMatch(/reservada para você até .*10:00/);
    expect(mail.link).toBe(
      `https://app.test/checkout/${facts.event.id}/tttttttt-2222-4333-8444-555555555555`,
    );
    expect(mail.text).toContain(`Garantir minha vaga: ${mail.link}`);
    expect(mail.attachments).toEqual([]);
  });

  it('folds long lines without splitting a character', () => {
    const line = `DESCRIPTION:${'ção'.repeat(40)}`;
    const folded = foldLine(line);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    for (const part of folded.split('\r\n'))
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
  });
});

describe('the HTTP e-mail API adapter (Supabase)', () => {
  const mail: Email = {
    id: 'row-1',
    to: 'ana@exemplo.com',
    subject: 'Inscrição confirmada: X',
    text: 'texto',
    html: '<p>html</p>',
    link: null,
    attachments: [{ filename: 'evento.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR ção' }],
  };

  it('Resend: the key, the row id as idempotency key, attachments in base64', async () => {
    const requests: { url: string; init: RequestInit }[] = [];
    const mailer = mailerFromEnv(
      (name) => ({ EMAIL_API: 'resend', EMAIL_API_KEY: 're_123', EMAIL_FROM: 'Congrega <a@b.org>' })[name],
      {
        fetch: async (url, init) => {
          requests.push({ url: String(url), init: init! });
          return new Response('{"id":"x"}', { status: 200 });
        },
      },
    )!;
    await mailer.send(mail, AbortSignal.timeout(1000));
    const [req] = requests;
    expect(req!.url).toBe('https://api.resend.com/emails');
    const headers = req!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer re_123');
    expect(headers['idempotency-key']).toBe('row-1');
    const body = JSON.parse(String(req!.init.body));
    expect(body).toMatchObject({
      from: 'Congrega <a@b.org>',
      to: ['ana@exemplo.com'],
      subject: mail.subject,
    });
    expect(
      new TextDecoder().decode(Uint8Array.from(atob(body.attachments[0].content), (c) => c.charCodeAt(0))),
    ).toBe('BEGIN:VCALENDAR ção');
  });

  it('a 4xx is permanent, a 5xx or a network error is retried; no EMAIL_API means no mailer', async () => {
    const answer = (status: number) =>
      createHttpMailer({
        api: 'webhook',
        url: 'https://relay.test/send',
        from: 'a@b.org',
        fetch: async () => new Response('nope', { status }),
      });
    const failure = async (status: number) =>
      answer(status)
        .send(mail, AbortSignal.timeout(1000))
        .catch((e: unknown) => e as MailerError);
    expect((await failure(422))?.permanent).toBe(true);
    expect((await failure(503))?.permanent).toBe(false);
    expect((await failure(429))?.permanent).toBe(false);
    const down = createHttpMailer({
      api: 'webhook',
      url: 'https://relay.test/send',
      from: 'a@b.org',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.send(mail, AbortSignal.timeout(1000))).rejects.toMatchObject({ permanent: false });
    expect(mailerFromEnv(() => undefined)).toBeUndefined();
    expect(() => mailerFromEnv((n) => (n === 'EMAIL_API' ? 'sendgrid' : undefined))).toThrow(/EMAIL_API/);
  });
});
