import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '../domain/messages/validation.ts';
import { welcomeSchema } from '../domain/validation.ts';
import { messageOf, schemaPasses, visibleError } from './form.tsx';

describe('messageOf', () => {
  it('reads schema issues, strings and lists of either', () => {
    expect(messageOf(undefined)).toBeUndefined();
    expect(messageOf('Campo obrigatório')).toBe('Campo obrigatório');
    expect(messageOf([{ message: 'primeiro' }, { message: 'segundo' }])).toBe('primeiro');
    expect(messageOf([undefined, 'texto'])).toBe('texto');
    expect(messageOf({ nothing: true })).toBeUndefined();
  });
});

describe('visibleError', () => {
  const errorMap = { onChange: [{ message: m.cpf }] };

  it('hides the error until the field was left after a change, or a submit was tried', () => {
    expect(visibleError({ isBlurred: false, isDirty: true, errorMap }, false)).toBeUndefined();
    expect(visibleError({ isBlurred: true, isDirty: false, errorMap }, false)).toBeUndefined();
    expect(visibleError({ isBlurred: true, isDirty: true, errorMap }, false)).toBe(m.cpf);
    expect(visibleError({ isBlurred: false, isDirty: false, errorMap }, true)).toBe(m.cpf);
  });

  it("shows the server's message first", () => {
    const meta = { isBlurred: true, isDirty: true, errorMap: { ...errorMap, onServer: 'CPF já cadastrado' } };
    expect(visibleError(meta, true)).toBe('CPF já cadastrado');
    expect(visibleError({ isBlurred: true, isDirty: true, errorMap: {} }, true)).toBeUndefined();
  });
});

describe('schemaPasses', () => {
  const values = { cpf: '', phone: '', congregacao: null, fromOtherChurch: false, otherChurch: '' };
  const church = ['congregacao', 'otherChurch'];

  it('is false while the schema complains at one of the paths', () => {
    expect(schemaPasses(welcomeSchema, values, church)).toBe(false);
    expect(schemaPasses(welcomeSchema, { ...values, fromOtherChurch: true }, church)).toBe(false);
  });

  it('ignores the other paths', () => {
    const temple = '7d0f6f3e-8a4c-4c1e-9a57-0c1f5d2b9e11';
    expect(schemaPasses(welcomeSchema, { ...values, congregacao: temple }, church)).toBe(true);
    expect(
      schemaPasses(welcomeSchema, { ...values, fromOtherChurch: true, otherChurch: 'Igreja da Paz' }, church),
    ).toBe(true);
    expect(v.safeParse(welcomeSchema, { ...values, congregacao: temple }).success).toBe(false);
  });
});
