import { describe, expect, it } from 'vitest';
import { questionApiErrors, questionValidation } from '../../../../src/domain/messages/questions.ts';
import { randomCpf } from '../../../../tests/e2e/cpf.ts';
import { apiSuite } from '../../testing/api-suite.ts';
import { type EventFixture, makeEvent, makeUsers } from '../../testing/checkout-fixtures.ts';
import { eventBadges } from '../reports/reports.service.ts';

// The real app over a migrated database: PGlite in the integration project, PostgreSQL in the postgres one.
const { database, t } = apiSuite();
const db = () => database.db;

async function member(role?: string) {
  const [id] = await makeUsers(db(), 1);
  if (role) await db().query('insert into public.user_roles (user_id, role) values ($1, $2)', [id, role]);
  return { id: id!, token: t.tokenFor({ id: id!, email: `${id}@teste.local` }) };
}

/** An event with a required shirt size (on the badge), a yes/no, a sensitive allergy text. */
async function eventWithQuestions(admin: string) {
  const fx = await makeEvent(db(), { price: 0 });
  const add = async (json: Record<string, unknown>) => {
    const res = await t.call(`/v1/admin/events/${fx.eventId}/questions`, { token: admin, json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const shirt = await add({
    kind: 'one_choice',
    label: 'Tamanho da camiseta',
    options: ['P', 'M', 'G'],
    required: true,
    on_badge: true,
  });
  const team = await add({ kind: 'yes_no', label: 'Quer servir na equipe?' });
  const allergy = await add({ kind: 'long_text', label: 'Alergias', sensitive: true });
  return { fx, shirt, team, allergy };
}

function checkout(token: string, fx: EventFixture, answers?: Record<string, unknown>) {
  return t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, { token, json: { tierId: fx.tierId, answers } });
}

describe('registration questions', () => {
  it('staff write questions; only write_events may, and bad ones are refused in pt-BR', async () => {
    const admin = await member('admin');
    const lider = await member('lider');
    const fx = await makeEvent(db());
    const path = `/v1/admin/events/${fx.eventId}/questions`;
    const body = { kind: 'one_choice', label: 'Equipe', options: ['Azul', 'Verde'] };
    expect((await t.call(path, { token: lider.token, json: body })).status).toBe(403);
    const oneOption = await t.call(path, { token: admin.token, json: { ...body, options: ['Azul'] } });
    expect(oneOption.status).toBe(400);
    expect(oneOption.body.message).toContain(questionValidation.options);
    const badgeSensitive = await t.call(path, {
      token: admin.token,
      json: { kind: 'short_text', label: 'Remédios', sensitive: true, on_badge: true },
    });
    expect(badgeSensitive.status).toBe(400);
    expect(badgeSensitive.body.message).toContain(questionValidation.sensitiveBadge);
    expect((await t.call(path, { token: admin.token, json: { ...body, kind: 'nope' } })).status).toBe(400);

    const created = await t.call(path, { token: admin.token, json: body });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const changed = await t.call(`${path}/${id}`, {
      token: admin.token,
      method: 'PUT',
      json: { ...body, label: 'Equipe (cor)' },
    });
    expect(changed.body.label).toBe('Equipe (cor)');
    expect((await t.call(`${path}/${id}`, { token: admin.token, method: 'DELETE' })).status).toBe(200);
    expect((await t.call(path, { token: admin.token })).body).toEqual([]);
  });

  it('checkout checks the answers with the same rules and keeps them; the member edits until the event', async () => {
    const admin = await member('admin');
    const { fx, shirt, team, allergy } = await eventWithQuestions(admin.token);
    const m = await member();

    // the member sees the questions
    const asked = await t.call(`/v1/events/${fx.eventId}/questions`, { token: m.token });
    expect(asked.body.map((q: { label: string }) => q.label)).toEqual([
      'Tamanho da camiseta',
      'Quer servir na equipe?',
      'Alergias',
    ]);

    // a required one missing, an option not offered: refused, nothing written
    const missing = await checkout(m.token, fx, { [team]: 'sim' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      code: 'INVALID_ANSWERS',
      message: `Tamanho da camiseta: ${questionValidation.required}`,
    });
    const wrong = await checkout(m.token, fx, { [shirt]: 'XG' });
    expect(wrong.body.message).toBe(`Tamanho da camiseta: ${questionValidation.choose}`);
    const [{ n }] = (await db().query<{ n: number }>(
      'select count(*)::int as n from registrations where event_id = $1',
      [fx.eventId],
    )) as [{ n: number }];
    expect(n).toBe(0);

    const ok = await checkout(m.token, fx, { [shirt]: 'M', [team]: 'sim', [allergy]: 'Amendoim' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const regId = ok.body[0].registration_id;

    const mine = await t.call(`/v1/registrations/${regId}/answers`, { token: m.token });
    expect(mine.body.answers).toEqual({ [shirt]: 'M', [team]: 'sim', [allergy]: 'Amendoim' });
    expect(mine.body.editable).toBe(true);

    // a changed question keeps the answers given
    await t.call(`/v1/admin/events/${fx.eventId}/questions/${team}`, {
      token: admin.token,
      method: 'PUT',
      json: { kind: 'yes_no', label: 'Quer servir na equipe de louvor?' },
    });
    const edited = await t.call(`/v1/registrations/${regId}/answers`, {
      token: m.token,
      method: 'PUT',
      json: { answers: { [shirt]: 'G' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.answers).toEqual({ [shirt]: 'G', [team]: 'sim', [allergy]: 'Amendoim' });
    const cleared = await t.call(`/v1/registrations/${regId}/answers`, {
      token: m.token,
      method: 'PUT',
      json: { answers: { [shirt]: '' } },
    });
    expect(cleared.status).toBe(422);

    // someone else's registration is not found
    const other = await member();
    expect((await t.call(`/v1/registrations/${regId}/answers`, { token: other.token })).status).toBe(404);

    // staff: sensitive answers only with read_sensitive (lider has read_confirmations, not it)
    const lider = await member('lider');
    const seen = await t.call(`/v1/admin/registrations/${regId}/answers`, { token: lider.token });
    expect(seen.body.answers).toEqual({ [shirt]: 'G', [team]: 'sim' });
    expect(seen.body.hidden).toEqual([allergy]);
    const secretaria = await member('secretaria');
    const all = await t.call(`/v1/admin/registrations/${regId}/answers`, { token: secretaria.token });
    expect(all.body.answers[allergy]).toBe('Amendoim');

    // the report counts the choices; the sensitive question only for read_sensitive
    const counts = await t.call(`/v1/admin/reports/answers?event=${fx.eventId}`, { token: lider.token });
    expect(counts.status).toBe(200);
    expect(counts.body.map((q: { label: string }) => q.label)).toEqual([
      'Tamanho da camiseta',
      'Quer servir na equipe de louvor?',
    ]);
    expect(counts.body[0].counts).toEqual([{ option: 'G', cnt: 1 }]);

    // the badge shows the badge question, never the sensitive one
    await db().query(`update registrations set status = 'paid' where id = $1`, [regId]);
    const badges = await eventBadges(db(), fx.eventId);
    expect(badges.badges[0]!.badge_answer).toEqual({
      label: 'Tamanho da camiseta',
      kind: 'one_choice',
      value: 'G',
    });
    expect(JSON.stringify(badges)).not.toContain('Amendoim');

    // the export carries the answers
    const exported = await t.call('/v1/me/export', { token: m.token });
    expect(exported.status).toBe(200);
    const reg = exported.body.registrations.find((r: { id: string }) => r.id === regId);
    expect(reg.answers).toContainEqual({ question: 'Alergias', value: 'Amendoim' });

    // once the event started the member may no longer change them; staff still may
    await db().query(`update events set starts_at = '2026-01-01T00:00:00Z' where id = $1`, [fx.eventId]);
    const late = await t.call(`/v1/registrations/${regId}/answers`, {
      token: m.token,
      method: 'PUT',
      json: { answers: { [shirt]: 'P' } },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(questionApiErrors.ANSWERS_CLOSED);
    const byStaff = await t.call(`/v1/admin/registrations/${regId}/answers`, {
      token: secretaria.token,
      method: 'PUT',
      json: { answers: { [shirt]: 'P' } },
    });
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.answers[shirt]).toBe('P');
  });

  it('a caravan answers per person and the desk answers for a third party, with the same rules', async () => {
    const admin = await member('admin');
    const { fx, shirt } = await eventWithQuestions(admin.token);
    const leader = await member();
    const people = [
      { name: 'Pessoa Caravana A', cpf: randomCpf(), email: '', answers: { [shirt]: 'P' } },
      { name: 'Pessoa Caravana B', cpf: randomCpf(), email: '', answers: {} },
    ];
    const path = `/v1/checkout/${fx.eventId}/${fx.tierId}/caravan`;
    const refused = await t.call(path, {
      token: leader.token,
      json: { tierId: fx.tierId, paymentMethod: 'open', people },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      `Pessoa Caravana B: Tamanho da camiseta: ${questionValidation.required}`,
    );
    people[1]!.answers = { [shirt]: 'G' };
    const ok = await t.call(path, {
      token: leader.token,
      json: { tierId: fx.tierId, paymentMethod: 'open', people },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const rows = await db().query<{ value: string }>(
      `select a.value from registration_answers a join registrations r on r.id = a.registration_id
        where r.group_id = $1 order by r.guest_name`,
      [ok.body.group_id],
    );
    expect(rows.map((r) => r.value)).toEqual(['P', 'G']);

    const desk = await t.call('/v1/admin/single-page-signup', {
      token: admin.token,
      json: { email: `balcao-${Date.now()}@exemplo.com`, tier: fx.tierId, answers: {} },
    });
    expect(desk.status).toBe(422);
    const deskOk = await t.call('/v1/admin/single-page-signup', {
      token: admin.token,
      json: { email: `balcao2-${Date.now()}@exemplo.com`, tier: fx.tierId, answers: { [shirt]: 'M' } },
    });
    expect(deskOk.status, JSON.stringify(deskOk.body)).toBeLessThan(300);
  });
});
