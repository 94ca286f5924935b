import { describe, expect, it } from 'vitest';
import { hasGeneralTag, isGeneralTag } from './events.ts';
import { policyMessages } from './messages/policy.ts';
import { policyLines } from './policy.ts';

describe('policyLines', () => {
  it('states the registration and check-in policy in pt-BR', () => {
    expect(
      policyLines({
        registration_policy: 'open',
        checkin_policy: 'none',
        checkin_starts_at: null,
        checkin_ends_at: null,
      }),
    ).toEqual([policyMessages.registration.open, policyMessages.checkin.none]);
    expect(
      policyLines({
        registration_policy: 'allows',
        checkin_policy: 'none',
        checkin_starts_at: '2026-11-22T20:00:00Z',
        checkin_ends_at: null,
      }),
    ).toEqual([
      'Inscrição opcional: você pode participar sem se inscrever, mas a inscrição garante a sua vaga.',
      'Não é preciso fazer check-in.',
    ]);
  });

  it('adds the check-in window (São Paulo time) when check-in is required', () => {
    const lines = policyLines({
      registration_policy: 'requires',
      checkin_policy: 'requires',
      checkin_starts_at: '2026-11-22T21:00:00Z',
      checkin_ends_at: '2026-11-23T01:30:00Z',
    });
    expect(lines).toEqual([
      'Inscrição obrigatória: só participa quem tiver a inscrição confirmada.',
      policyMessages.checkin.requires,
      'Check-in aberto de 22/11/2026 18:00 até 22/11/2026 22:30.',
    ]);
    expect(
      policyLines({
        registration_policy: 'requires',
        checkin_policy: 'requires',
        checkin_starts_at: '2026-11-22T21:00:00Z',
        checkin_ends_at: null,
      })[2],
    ).toBe('Check-in aberto a partir de 22/11/2026 18:00.');
  });
});

describe('general tag', () => {
  it('is the tag flagged is_general, whatever its name', () => {
    expect(isGeneralTag({ is_general: true })).toBe(true);
    expect(isGeneralTag({ is_general: false })).toBe(false);
    expect(isGeneralTag({})).toBe(false);
    expect(hasGeneralTag({ tags: [{ is_general: false }, { is_general: true }] })).toBe(true);
    expect(hasGeneralTag({ tags: [] })).toBe(false);
  });
});
