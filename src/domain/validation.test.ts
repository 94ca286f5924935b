import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validationMessages as m } from './messages/validation.ts';
import {
  signupBody as bodyFromSignupForm,
  cpfSchema,
  emailSchema,
  firstMessage,
  forgotSchema,
  formatCpf,
  formatPhone,
  fullNameSchema,
  isUuid,
  isValidCpf,
  isValidPhone,
  monthSchema,
  onlyDigits,
  passwordSchema,
  phoneDigits,
  phoneSchema,
  resetPasswordSchema,
  signupFormSchema,
  signupSchema,
  welcomeSchema,
} from './validation.ts';

const messageOf = (schema: v.GenericSchema, value: unknown) =>
  firstMessage(v.safeParse(schema, value).issues);
const TEMPLE = '7d0f6f3e-8a4c-4c1e-9a57-0c1f5d2b9e11';

describe('helpers', () => {
  it('onlyDigits strips everything else', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
  });

  it('isValidCpf checks digits, mask and check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('00000000000')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247255')).toBe(false);
    expect(isValidCpf('529-982-247.25')).toBe(false);
  });

  it('formatCpf masks as ###.###.###-##', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('529.982.247-2599')).toBe('529.982.247-25');
  });

  it('isValidPhone wants 11 digits (mobile) and a valid DDD', () => {
    expect(isValidPhone('(11) 98765-4321')).toBe(true);
    expect(isValidPhone('1132654321')).toBe(false);
    expect(isValidPhone('(20) 98765-4321')).toBe(false);
    expect(isValidPhone('(11) 88765-4321')).toBe(false);
    expect(isValidPhone('119876543')).toBe(false);
    expect(isValidPhone('abc11987654321')).toBe(false);
  });

  it('formatPhone masks as (##) #####-####', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1198765432')).toBe('(11) 98765-432');
    expect(formatPhone('119')).toBe('(11) 9');
  });

  it('isUuid', () => {
    expect(isUuid(TEMPLE)).toBe(true);
    expect(isUuid('123')).toBe(false);
  });
});

describe('e-mail', () => {
  it('is required', () => {
    expect(messageOf(emailSchema, '')).toBe(m.required);
    expect(messageOf(emailSchema, '   ')).toBe(m.required);
    expect(messageOf(emailSchema, undefined)).toBe(m.required);
  });

  it('must be an e-mail of 6–254 characters with a local part up to 64', () => {
    expect(messageOf(emailSchema, 'nao-e-email')).toBe(m.email);
    expect(messageOf(emailSchema, 'a@b.c')).toBe(m.email);
    expect(messageOf(emailSchema, `${'a'.repeat(65)}@exemplo.com`)).toBe(m.email);
    expect(messageOf(emailSchema, `${'a'.repeat(64)}@exemplo.com`)).toBeUndefined();
    expect(messageOf(emailSchema, `a@${'b'.repeat(250)}.com`)).toBe(m.email);
  });

  it('trims and lower-cases', () => {
    expect(v.parse(emailSchema, '  Maria@Exemplo.COM ')).toBe('maria@exemplo.com');
  });

  it('forgot-password needs at least 6 characters', () => {
    expect(firstMessage(v.safeParse(forgotSchema, { email: '' }).issues)).toBe(m.required);
    expect(firstMessage(v.safeParse(forgotSchema, { email: 'a@b.c' }).issues)).toBe(m.email);
  });
});

describe('password', () => {
  it('is required and at least 6 characters', () => {
    expect(messageOf(passwordSchema, '')).toBe(m.required);
    expect(messageOf(passwordSchema, '12345')).toBe(m.passwordMin);
    expect(messageOf(passwordSchema, '123456')).toBeUndefined();
  });

  it('confirmation must match', () => {
    const r = v.safeParse(resetPasswordSchema, { password: '123456', confirmation: '654321' });
    expect(firstMessage(r.issues)).toBe(m.passwordsDiffer);
    expect(v.safeParse(resetPasswordSchema, { password: '123456', confirmation: '123456' }).success).toBe(
      true,
    );
  });
});

describe('full name', () => {
  it('must contain a space', () => {
    expect(messageOf(fullNameSchema, 'Maria')).toBe(m.fullName);
    expect(messageOf(fullNameSchema, 'Maria ')).toBe(m.fullName);
    expect(messageOf(fullNameSchema, '')).toBe(m.fullName);
    expect(v.parse(fullNameSchema, '  Maria   da Silva ')).toBe('Maria da Silva');
  });

  it('refuses a link or an e-mail address (it is printed in e-mails and on staff screens)', () => {
    for (const name of [
      'https://golpe.example/pix-145-9 Silva',
      'Pix golpe.example/pix',
      'Ana www.golpe',
      'Ana //golpe',
      'Ana ana@golpe.example',
      'Paga AQUI.com.br',
      'Ana golpe.COM',
    ]) {
      expect(messageOf(fullNameSchema, name), name).toBe(m.nameWithLink);
    }
    for (const name of ["Maria D'Ávila", 'J. R. Souza', 'Ana S.A. Silva', 'José Sr. Lima', 'Mª da Silva']) {
      expect(v.safeParse(fullNameSchema, name).success, name).toBe(true);
    }
  });
});

describe('CPF and phone', () => {
  it('CPF gives the CPF message and outputs digits', () => {
    expect(messageOf(cpfSchema, '123.456.789-00')).toBe(m.cpf);
    expect(messageOf(cpfSchema, '')).toBe(m.required);
    expect(messageOf(cpfSchema, 12345678909)).toBe(m.cpf);
    expect(v.parse(cpfSchema, '529.982.247-25')).toBe('52998224725');
  });

  it('phone gives the phone message and outputs digits', () => {
    expect(messageOf(phoneSchema, '(00) 12345-6789')).toBe(m.phone);
    expect(messageOf(phoneSchema, '')).toBe(m.required);
    expect(v.parse(phoneSchema, '(21) 99876-5432')).toBe('21998765432');
  });
});

describe('phone: exactly 11 digits everywhere', () => {
  it('accepts a pasted +55, a mask or bare digits and outputs the 11 digits', () => {
    for (const input of [
      '+55 21 91234-5678',
      '+55 (21) 91234-5678',
      '+5521912345678',
      '5521912345678',
      '(21) 91234-5678',
      '21 91234-5678',
      '21912345678',
      '  (21) 91234-5678 ',
    ]) {
      expect(v.parse(phoneSchema, input), input).toBe('21912345678');
    }
  });

  it('refuses landlines, short or long numbers, other countries and letters', () => {
    for (const input of [
      '(21) 3123-4567',
      '2131234567',
      '2191234567',
      '219123456789',
      '+1 212 555 0100',
      '+44 21 91234-5678',
      '(21) 81234-5678',
      '(20) 91234-5678',
      '21 9123a-5678',
    ]) {
      expect(messageOf(phoneSchema, input), input).toBe(m.phone);
    }
  });

  it('phoneDigits drops the mask and the +55 country code only', () => {
    expect(phoneDigits('+55 21 91234-5678')).toBe('21912345678');
    expect(phoneDigits('(55) 91234-5678')).toBe('55912345678');
    expect(phoneDigits('55912345678')).toBe('55912345678');
  });

  it('formatPhone shows (21) 91234-5678 whatever was pasted, and masks partial input', () => {
    expect(formatPhone('21912345678')).toBe('(21) 91234-5678');
    expect(formatPhone('+55 21 91234-5678')).toBe('(21) 91234-5678');
    expect(formatPhone('(21) 91234-5678')).toBe('(21) 91234-5678');
    expect(formatPhone('2')).toBe('(2');
    expect(formatPhone('2191234')).toBe('(21) 91234');
    expect(formatPhone('21912345')).toBe('(21) 91234-5');
    expect(formatPhone('219123456789')).toBe('(21) 91234-5678');
  });
});

const signupBody = {
  email: 'Nova.Pessoa@exemplo.com',
  password: 'segredo1',
  congregacao: TEMPLE,
  consentCongregation: true,
  otherChurch: null,
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  options: { emailRedirectTo: 'http://localhost:5173/auth/welcome', data: { display_name: 'Nova Pessoa' } },
};

describe('signupSchema', () => {
  it('accepts a complete body and normalises it', () => {
    const out = v.parse(signupSchema, signupBody);
    expect(out).toMatchObject({
      email: 'nova.pessoa@exemplo.com',
      cpf: '52998224725',
      phone: '11987654321',
      congregacao: TEMPLE,
      otherChurch: null,
      options: { data: { display_name: 'Nova Pessoa' } },
    });
  });

  it('accepts another church instead of a congregation', () => {
    const out = v.parse(signupSchema, { ...signupBody, congregacao: null, otherChurch: 'Igreja da Paz' });
    expect(out.otherChurch).toBe('Igreja da Paz');
    expect(out.congregacao).toBeNull();
  });

  it('needs a congregation or another church, not both', () => {
    const none = v.safeParse(signupSchema, { ...signupBody, congregacao: null, otherChurch: '' });
    expect(firstMessage(none.issues)).toBe(m.temple);
    const both = v.safeParse(signupSchema, { ...signupBody, otherChurch: 'Igreja da Paz' });
    expect(firstMessage(both.issues)).toBe(m.templeXorOtherChurch);
  });

  it('pins each field message', () => {
    expect(firstMessage(v.safeParse(signupSchema, { ...signupBody, cpf: '111.111.111-11' }).issues)).toBe(
      m.cpf,
    );
    expect(firstMessage(v.safeParse(signupSchema, { ...signupBody, email: 'x' }).issues)).toBe(m.email);
    expect(firstMessage(v.safeParse(signupSchema, { ...signupBody, password: '123' }).issues)).toBe(
      m.passwordMin,
    );
    expect(
      firstMessage(
        v.safeParse(signupSchema, { ...signupBody, options: { data: { display_name: 'Nova' } } }).issues,
      ),
    ).toBe(m.fullName);
    expect(firstMessage(v.safeParse(signupSchema, { ...signupBody, congregacao: 'abc' }).issues)).toBe(
      m.temple,
    );
    expect(firstMessage(v.safeParse(signupSchema, { ...signupBody, options: undefined }).issues)).toBe(
      m.fullName,
    );
  });

  it('reads a missing field as required', () => {
    const { email: _, ...noEmail } = signupBody;
    expect(firstMessage(v.safeParse(signupSchema, noEmail).issues)).toBe(m.required);
    const { cpf: __, ...noCpf } = signupBody;
    expect(firstMessage(v.safeParse(signupSchema, noCpf).issues)).toBe(m.required);
  });

  it('rejects a non-object', () => {
    expect(v.safeParse(signupSchema, null).success).toBe(false);
    expect(v.safeParse(signupSchema, 'x').success).toBe(false);
  });
});

describe('welcomeSchema', () => {
  const body = {
    congregacao: TEMPLE,
    consentCongregation: true,
    fromOtherChurch: false,
    otherChurch: '',
    phone: '11987654321',
    cpf: '52998224725',
  };

  it('accepts a congregation', () => {
    expect(v.parse(welcomeSchema, body)).toMatchObject({ congregacao: TEMPLE, otherChurch: null });
  });

  it('with fromOtherChurch, needs the church name and clears the congregation', () => {
    const missing = v.safeParse(welcomeSchema, { ...body, fromOtherChurch: true });
    expect(firstMessage(missing.issues)).toBe(m.otherChurch);
    const out = v.parse(welcomeSchema, { ...body, fromOtherChurch: true, otherChurch: 'Igreja da Paz' });
    expect(out).toMatchObject({ congregacao: null, otherChurch: 'Igreja da Paz' });
  });

  it('without fromOtherChurch, needs a congregation', () => {
    const r = v.safeParse(welcomeSchema, { ...body, congregacao: null });
    expect(firstMessage(r.issues)).toBe(m.temple);
  });

  it('keeps a congregation or another church only with the consent ticked', () => {
    const noConsent = v.safeParse(welcomeSchema, { ...body, consentCongregation: false });
    expect(errorsByPath(noConsent)).toEqual({ consentCongregation: m.congregationConsent });
    const other = { ...body, fromOtherChurch: true, otherChurch: 'Igreja da Paz' };
    expect(errorsByPath(v.safeParse(welcomeSchema, { ...other, consentCongregation: undefined }))).toEqual({
      consentCongregation: m.congregationConsent,
    });
    expect(v.safeParse(signupSchema, { ...signupBody, consentCongregation: false }).success).toBe(false);
  });

  it('validates CPF and phone', () => {
    expect(firstMessage(v.safeParse(welcomeSchema, { ...body, cpf: '12345678900' }).issues)).toBe(m.cpf);
    expect(firstMessage(v.safeParse(welcomeSchema, { ...body, phone: '123' }).issues)).toBe(m.phone);
  });
});

/** The messages of a result by field path (first per path), as the form layer shows them. */
function errorsByPath(result: { issues?: readonly v.BaseIssue<unknown>[] | undefined }) {
  const errors: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const path = v.getDotPath(issue) ?? '';
    errors[path] ??= issue.message;
  }
  return errors;
}

describe('cross-field rules', () => {
  const signupForm = {
    name: 'Nova Pessoa',
    email: 'Nova.Pessoa@exemplo.com',
    cpf: '529.982.247-25',
    phone: '(11) 98765-4321',
    congregacao: TEMPLE,
    consentCongregation: true,
    fromOtherChurch: false,
    otherChurch: '',
    password: 'segredo1',
    confirmation: 'segredo1',
  };

  it('reset password: the confirmation is required and must equal the password', () => {
    expect(
      errorsByPath(v.safeParse(resetPasswordSchema, { password: 'segredo1', confirmation: '' })),
    ).toEqual({
      confirmation: m.required,
    });
    expect(
      errorsByPath(v.safeParse(resetPasswordSchema, { password: 'segredo1', confirmation: 'segredo2' })),
    ).toEqual({ confirmation: m.passwordsDiffer });
  });

  it('signup form: a mismatch is reported on the confirmation even while other fields are wrong', () => {
    const r = v.safeParse(signupFormSchema, { ...signupForm, cpf: '111', confirmation: 'outra' });
    expect(errorsByPath(r)).toEqual({ cpf: m.cpf, confirmation: m.passwordsDiffer });
  });

  it('signup form: an empty confirmation is required, not a mismatch', () => {
    expect(errorsByPath(v.safeParse(signupFormSchema, { ...signupForm, confirmation: '' }))).toEqual({
      confirmation: m.required,
    });
  });

  it('signup form: a congregation is required unless another church is ticked', () => {
    expect(errorsByPath(v.safeParse(signupFormSchema, { ...signupForm, congregacao: null }))).toEqual({
      congregacao: m.temple,
    });
    expect(
      errorsByPath(
        v.safeParse(signupFormSchema, { ...signupForm, congregacao: null, fromOtherChurch: true }),
      ),
    ).toEqual({ otherChurch: m.otherChurch });
    // blanks are not a church name
    expect(
      errorsByPath(
        v.safeParse(signupFormSchema, {
          ...signupForm,
          congregacao: null,
          fromOtherChurch: true,
          otherChurch: '   ',
        }),
      ),
    ).toEqual({ otherChurch: m.otherChurch });
  });

  it('signup form: the output keeps only one of congregation and other church', () => {
    const temple = v.parse(signupFormSchema, { ...signupForm, otherChurch: 'Igreja da Paz' });
    expect(temple).toMatchObject({ congregacao: TEMPLE, otherChurch: null });
    const other = v.parse(signupFormSchema, {
      ...signupForm,
      fromOtherChurch: true,
      otherChurch: 'Igreja da Paz',
    });
    expect(other).toMatchObject({ congregacao: null, otherChurch: 'Igreja da Paz' });
  });

  it('signup form: its body passes the API schema', () => {
    const out = v.parse(signupFormSchema, { ...signupForm, name: '  Nova   Pessoa ' });
    const body = bodyFromSignupForm(out, 'http://localhost:5173/auth/oauth');
    expect(v.parse(signupSchema, body)).toMatchObject({
      email: 'nova.pessoa@exemplo.com',
      cpf: '52998224725',
      phone: '11987654321',
      congregacao: TEMPLE,
      otherChurch: null,
      options: { data: { display_name: 'Nova Pessoa' } },
    });
  });

  it('welcome: congregation XOR other church, by the same rules', () => {
    const body = { cpf: '529.982.247-25', phone: '(11) 98765-4321', congregacao: null, otherChurch: '' };
    expect(errorsByPath(v.safeParse(welcomeSchema, { ...body, fromOtherChurch: false }))).toEqual({
      congregacao: m.temple,
    });
    expect(errorsByPath(v.safeParse(welcomeSchema, { ...body, fromOtherChurch: true }))).toEqual({
      otherChurch: m.otherChurch,
    });
    // the church rules do not wait for the other fields
    expect(errorsByPath(v.safeParse(welcomeSchema, { ...body, cpf: '', fromOtherChurch: false }))).toEqual({
      cpf: m.required,
      congregacao: m.temple,
    });
  });
});

describe('monthSchema', () => {
  it('accepts YYYY-MM only', () => {
    expect(v.is(monthSchema, '2026-03')).toBe(true);
    expect(v.is(monthSchema, '2026-13')).toBe(false);
    expect(v.is(monthSchema, '2026-3')).toBe(false);
    expect(v.is(monthSchema, 'abc')).toBe(false);
  });
});
