import { describe, expect, it } from 'vitest';
import {
  CPF_TAG_BITS,
  decide,
  doorWindow,
  findEntry,
  formatSeq,
  isTimeToCheckIn,
  outsideCheckinWindow,
  parseCheckinCode,
  type RosterEntry,
  resultMessage,
  rosterCpfTag,
} from './checkin.ts';
import { checkinMessages, welcomeMessages } from './messages/checkin.ts';
import { ticketQrContent as ticketQr } from './registrations.ts';

const EVENT = 'e4a8b2c6-3d5f-4a7b-9c1e-d00000000001';
const REG = '9f1c2d3e-4b5a-4c6d-8e7f-a01234567890';
const CPF = '52998224725';

const entry = (patch: Partial<RosterEntry> = {}): RosterEntry => ({
  id: REG,
  event_id: EVENT,
  seq: '482913',
  name: 'Mateus Oliveira Santos',
  congregation: 'Penha',
  cpf_hash: null,
  paid: true,
  checked_in_at: null,
  checked_in_device: null,
  ...patch,
});

describe('parseCheckinCode', () => {
  it('reads a ticket QR', () => {
    expect(parseCheckinCode(ticketQr(REG))).toEqual({
      ok: true,
      code: { kind: 'registration', registrationId: REG },
    });
    expect(parseCheckinCode(` CHECKIN:${REG.toUpperCase()} `)).toEqual({
      ok: true,
      code: { kind: 'registration', registrationId: REG },
    });
  });

  it('reads the manual code with or without the mask', () => {
    expect(parseCheckinCode('482-913')).toEqual({ ok: true, code: { kind: 'seq', seq: '482913' } });
    expect(parseCheckinCode('482913')).toEqual({ ok: true, code: { kind: 'seq', seq: '482913' } });
  });

  it('reads a CPF when longer than 6 digits, and validates it', () => {
    expect(parseCheckinCode('529.982.247-25')).toEqual({ ok: true, code: { kind: 'cpf', cpf: CPF } });
    expect(parseCheckinCode(CPF)).toEqual({ ok: true, code: { kind: 'cpf', cpf: CPF } });
    expect(parseCheckinCode('529.982.247-24')).toEqual({ ok: false, message: checkinMessages.invalidCpf });
    expect(parseCheckinCode('1111111')).toEqual({ ok: false, message: checkinMessages.invalidCpf });
    expect(parseCheckinCode('111.111.111-11')).toEqual({ ok: false, message: checkinMessages.invalidCpf });
  });

  it('refuses anything else with a clear message', () => {
    for (const bad of ['', '12345', 'checkin:', 'checkin:abc', 'https://x.y', '48-2913', 'abc123', '12 34']) {
      expect(parseCheckinCode(bad)).toEqual({ ok: false, message: checkinMessages.invalidCode });
    }
  });
});

describe('formatSeq', () => {
  it('masks as ###-###', () => {
    expect(formatSeq('482913')).toBe('482-913');
    expect(formatSeq('48')).toBe('48');
    expect(formatSeq('4829')).toBe('482-9');
  });
});

const KEY = 'a3f1c2d4e5b6a7980123456789abcdef';

describe('rosterCpfTag', () => {
  it('is the first 16 bits of SHA-256(key:digits) in hex (what the API computes in SQL)', async () => {
    // printf 'a3f1…ef:52998224725' | sha256sum | cut -c1-4
    expect(CPF_TAG_BITS).toBe(16);
    expect(await rosterCpfTag(KEY, '529.982.247-25')).toBe('a8e5');
  });
});

describe('findEntry and decide', () => {
  const rows = [entry()];
  const lookup = (cpfHash: string | null, matches = rows) => ({
    byId: (id: string) => rows.find((r) => r.id === id),
    bySeq: (seq: string) => rows.find((r) => r.seq === seq),
    byCpfHash: (h: string) => (h === cpfHash ? matches : []),
    cpfKey: () => KEY,
  });

  it('a CPF whose tag fits two people admits nobody and names both', async () => {
    const hash = await rosterCpfTag(KEY, CPF);
    const two = [entry(), entry({ id: '00000000-0000-4000-8000-000000000002', name: 'Ana Lima' })];
    const found = await findEntry(EVENT, { kind: 'cpf', cpf: CPF }, lookup(hash, two));
    expect(found).toEqual(two);
    const result = decide(found);
    expect(result.kind).toBe('ambiguous');
    expect(resultMessage(result)).toBe(
      `Esse CPF confere com mais de uma pessoa: ${two[0]!.name}, Ana Lima. Confira o nome e use o QR ou o código da inscrição.`,
    );
  });

  it('matches by id, code and CPF tag', async () => {
    const hash = await rosterCpfTag(KEY, CPF);
    expect(await findEntry(EVENT, { kind: 'registration', registrationId: REG }, lookup(hash))).toBe(rows[0]);
    expect(await findEntry(EVENT, { kind: 'seq', seq: '482913' }, lookup(hash))).toBe(rows[0]);
    expect(await findEntry(EVENT, { kind: 'cpf', cpf: CPF }, lookup(hash))).toBe(rows[0]);
    expect(await findEntry(EVENT, { kind: 'seq', seq: '000000' }, lookup(hash))).toBeUndefined();
  });

  it("refuses another event's registration", async () => {
    expect(await findEntry(REG, { kind: 'registration', registrationId: REG }, lookup(null))).toBeUndefined();
  });

  it('gives each result kind with its pt-BR text', () => {
    expect(resultMessage(decide(entry()))).toBe('Checkin de Mateus feito!');
    expect(resultMessage(decide(undefined))).toBe(checkinMessages.notFound);
    expect(resultMessage(decide(entry({ paid: false })))).toBe(
      'A inscrição de Mateus ainda não está paga. Encaminhe para a secretaria.',
    );
    const already = decide(
      entry({ checked_in_at: '2026-03-10T22:05:00.000Z', checked_in_device: 'Porta 2' }),
    );
    expect(already).toMatchObject({ kind: 'already', device: 'Porta 2' });
    expect(resultMessage(already)).toBe('Mateus já fez checkin às 19:05 (Porta 2).');
  });
});

it('has 31 distinct welcome messages', () => {
  expect(new Set(welcomeMessages).size).toBe(31);
});

describe('isTimeToCheckIn', () => {
  const event = {
    checkin_policy: 'requires',
    starts_at: '2026-03-10T22:00:00.000Z',
    checkin_starts_at: '2026-03-10T21:00:00.000Z',
    checkin_ends_at: '2026-03-11T01:00:00.000Z',
  };
  it('inside the window, or 2 h before to 12 h after the start without one', () => {
    expect(isTimeToCheckIn(event, new Date('2026-03-10T21:30:00Z'))).toBe(true);
    expect(isTimeToCheckIn(event, new Date('2026-03-10T20:30:00Z'))).toBe(false);
    expect(isTimeToCheckIn({ ...event, checkin_policy: 'none' }, new Date('2026-03-10T21:30:00Z'))).toBe(
      false,
    );
    const open = { ...event, checkin_starts_at: null, checkin_ends_at: null };
    expect(isTimeToCheckIn(open, new Date('2026-03-10T20:30:00Z'))).toBe(true);
    expect(isTimeToCheckIn(open, new Date('2026-03-11T11:00:00Z'))).toBe(false);
  });
});

describe('the check-in window at the door', () => {
  const now = new Date('2026-03-10T20:00:00.000Z');
  const at = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();
  const nextWeek = { starts_at: at(168), checkin_starts_at: at(166), checkin_ends_at: at(192) };

  it('is the event’s own window, else a day before the start to a week after', () => {
    expect(outsideCheckinWindow(nextWeek, now)).toBe('early');
    expect(outsideCheckinWindow({ ...nextWeek, checkin_starts_at: at(-1) }, now)).toBeNull();
    expect(
      outsideCheckinWindow({ starts_at: at(-2), checkin_starts_at: at(-3), checkin_ends_at: at(-1) }, now),
    ).toBe('late');
    const noWindow = { checkin_starts_at: null, checkin_ends_at: null };
    expect(outsideCheckinWindow({ ...noWindow, starts_at: at(23) }, now)).toBeNull();
    expect(outsideCheckinWindow({ ...noWindow, starts_at: at(25) }, now)).toBe('early');
    expect(outsideCheckinWindow({ ...noWindow, starts_at: at(-167) }, now)).toBeNull();
    expect(outsideCheckinWindow({ ...noWindow, starts_at: at(-169) }, now)).toBe('late');
  });

  it('the times a synced check-in may carry never pass the server’s clock, even before the window opens', () => {
    expect(doorWindow(nextWeek, now)).toEqual({ from: now.getTime(), to: now.getTime() });
    const open = { starts_at: at(-1), checkin_starts_at: at(-2), checkin_ends_at: at(3) };
    expect(doorWindow(open, now)).toEqual({ from: Date.parse(at(-3)), to: now.getTime() });
  });
});
