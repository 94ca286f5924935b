/**
 * Validation rules of product-spec.md §5, as valibot schemas shared by the browser forms and the API.
 * Pure: no DOM, no Node or Deno APIs. Messages come from `messages.ts`.
 */
import * as v from 'valibot';
import { validationMessages as m } from './messages/validation.ts';

// ───────────────────────────── helpers ─────────────────────────────

/** Keeps only the digits of a string ("123.456.789-09" → "12345678909"). */
export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/** True when the value (masked or not) is a CPF with 11 digits, valid check digits, not all identical. */
export function isValidCpf(value: string): boolean {
  if (!/^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/.test(value.trim())) return false;
  const digits = onlyDigits(value);
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const nums = [...digits].map(Number);
  const checkDigit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += nums[i]! * (len + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return checkDigit(9) === nums[9] && checkDigit(10) === nums[10];
}

/** Masks a CPF as ###.###.###-## (partial input is masked as far as it goes). */
export function formatCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** Brazilian area codes (DDD) in use. */
export const VALID_DDDS: ReadonlySet<string> = new Set(
  [
    '11 12 13 14 15 16 17 18 19',
    '21 22 24 27 28',
    '31 32 33 34 35 37 38',
    '41 42 43 44 45 46 47 48 49',
    '51 53 54 55',
    '61 62 63 64 65 66 67 68 69',
    '71 73 74 75 77 79',
    '81 82 83 84 85 86 87 88 89',
    '91 92 93 94 95 96 97 98 99',
  ]
    .join(' ')
    .split(' '),
);

/**
 * The 11 phone digits (DDD + 9-digit mobile) of a pasted or typed phone: drops the mask and a
 * leading +55 country code ("+55 21 91234-5678", "(21) 91234-5678" → "21912345678").
 */
export function phoneDigits(value: string): string {
  const d = onlyDigits(value);
  if ((value.trim().startsWith('+') || d.length === 13) && d.startsWith('55')) return d.slice(2);
  return d;
}

/** True for exactly 11 digits (mobile: valid DDD, then 9) after the +55 and the mask are dropped. */
export function isValidPhone(value: string): boolean {
  if (!/^\s*(\+\s*55)?[\d\s()-]*$/.test(value)) return false;
  const d = phoneDigits(value);
  return d.length === 11 && VALID_DDDS.has(d.slice(0, 2)) && d[2] === '9';
}

/** Masks a phone as (##) #####-#### (partial input is masked as far as it goes; +55 is dropped). */
export function formatPhone(value: string): string {
  const d = phoneDigits(value).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 5) return `(${ddd}) ${rest}`;
  return `(${ddd}) ${rest.slice(0, 5)}-${rest.slice(5)}`;
}

/** True when the e-mail's local part (before the last @) has at most 64 characters. */
function localPartFits(email: string): boolean {
  const at = email.lastIndexOf('@');
  return at > 0 && at <= 64;
}

/** The first issue's message, for the API's `{code:'INVALID_DATA', message}`. */
export function firstMessage(issues: readonly v.BaseIssue<unknown>[] | undefined): string | undefined {
  return issues?.[0]?.message;
}

// ───────────────────────────── field schemas ─────────────────────────────

export const emailSchema = v.pipe(
  v.string(m.required),
  v.trim(),
  v.nonEmpty(m.required),
  v.minLength(6, m.email),
  v.maxLength(254, m.email),
  v.email(m.email),
  v.check(localPartFits, m.email),
  v.toLowerCase(),
);

/** Forgot-password: required and at least 6 characters. */
export const forgotEmailSchema = v.pipe(
  v.string(m.required),
  v.trim(),
  v.nonEmpty(m.required),
  v.minLength(6, m.email),
  v.maxLength(254, m.email),
);

export const passwordSchema = v.pipe(
  v.string(m.required),
  v.nonEmpty(m.required),
  v.minLength(6, m.passwordMin),
  v.maxLength(72, m.passwordMax),
);

/**
 * Whether a text holds a link or an e-mail address as a mail client would show it clickable: a
 * scheme (`http:`, `//`), `www.`, an `@` between characters, or a host name (`golpe.example`, a
 * word, a dot, two or more letters). Names are printed in e-mails and on staff screens: a name that
 * carries one of these is refused everywhere a name is typed.
 */
export function hasLinkOrEmail(text: string): boolean {
  return /[a-z][a-z0-9+.-]*:\/\/|\/\/|\bwww\.|\S@\S|[\p{L}\p{N}_-]\.\p{L}{2,}/iu.test(text);
}

export const fullNameSchema = v.pipe(
  v.string(m.fullName),
  v.trim(),
  v.nonEmpty(m.fullName),
  v.regex(/\S\s+\S/, m.fullName),
  v.maxLength(120, m.fullName),
  v.check((s) => !hasLinkOrEmail(s), m.nameWithLink),
  v.transform((s) => s.replace(/\s+/g, ' ')),
);

/** CPF masked (###.###.###-##) or digits; outputs the 11 digits. */
export const cpfSchema = v.pipe(
  v.string(m.cpf),
  v.trim(),
  v.nonEmpty(m.required),
  v.check(isValidCpf, m.cpf),
  v.transform(onlyDigits),
);

/** Phone masked ((##) #####-####), with +55 or digits only; outputs the 11 digits (21912345678). */
export const phoneSchema = v.pipe(
  v.string(m.phone),
  v.trim(),
  v.nonEmpty(m.required),
  v.maxLength(24, m.phone),
  v.check(isValidPhone, m.phone),
  v.transform(phoneDigits),
);

/** A congregation (temple) id, or null/empty when the person is from another church. */
export const templeSchema = v.pipe(
  v.optional(v.nullable(v.union([v.literal(''), v.pipe(v.string(m.temple), v.uuid(m.temple))], m.temple))),
  v.transform((x) => (x ? x : null)),
);

const otherChurchSchema = v.pipe(
  v.optional(v.nullable(v.pipe(v.string(m.otherChurch), v.trim(), v.maxLength(120, m.otherChurch)))),
  v.transform((x) => (x ? x : null)),
);

/**
 * The separate, unticked consent to keep the congregation (or other church): religious affiliation is
 * sensitive personal data (LGPD Art. 11), kept only with it. Required when one of the two is given.
 */
const consentSchema = v.optional(v.boolean(m.congregationConsent), false);
export const consentGiven = (x: {
  congregacao?: string | null;
  otherChurch?: string | null;
  fromOtherChurch?: boolean;
  consentCongregation: boolean;
}) => x.consentCongregation || !(x.congregacao || (x.fromOtherChurch !== false && x.otherChurch));

/** The church choice's fields, as the welcome, signup and profile forms name them. */
export const churchChoiceEntries = {
  congregacao: templeSchema,
  fromOtherChurch: v.optional(v.boolean(), false),
  otherChurch: otherChurchSchema,
  consentCongregation: consentSchema,
};
type ChurchChoice = v.InferOutput<v.ObjectSchema<typeof churchChoiceEntries, undefined>>;

/**
 * The church choice's rules (product-spec.md §5), one place for the welcome, signup and profile
 * forms: a congregation unless 'Sou de outro ministério' is ticked (`required`; the profile may have
 * none), then the church's name; the consent when either is given. The output keeps only one of the
 * two (ticking the box clears the congregation and vice versa).
 */
export function withChurchChoice<TInput, TOutput extends ChurchChoice, TIssue extends v.BaseIssue<unknown>>(
  schema: v.BaseSchema<TInput, TOutput, TIssue>,
  { required }: { required: boolean },
) {
  // built on the choice's own fields; each runs on any schema that has them
  const rules = [
    v.forward(
      v.partialCheck(
        [['congregacao'], ['fromOtherChurch']],
        (x: Pick<ChurchChoice, 'congregacao' | 'fromOtherChurch'>) =>
          !required || x.fromOtherChurch || x.congregacao !== null,
        m.temple,
      ),
      ['congregacao'],
    ),
    v.forward(
      v.partialCheck(
        [['fromOtherChurch'], ['otherChurch']],
        (x: Pick<ChurchChoice, 'fromOtherChurch' | 'otherChurch'>) =>
          !x.fromOtherChurch || x.otherChurch !== null,
        m.otherChurch,
      ),
      ['otherChurch'],
    ),
    v.forward(
      v.partialCheck(
        [['congregacao'], ['otherChurch'], ['fromOtherChurch'], ['consentCongregation']],
        consentGiven,
        m.congregationConsent,
      ),
      ['consentCongregation'],
    ),
  ] as unknown as [
    v.GenericPipeAction<TOutput, TOutput, v.BaseIssue<unknown>>,
    v.GenericPipeAction<TOutput, TOutput, v.BaseIssue<unknown>>,
    v.GenericPipeAction<TOutput, TOutput, v.BaseIssue<unknown>>,
  ];
  return v.pipe(
    schema,
    ...rules,
    v.transform((x: TOutput) =>
      x.fromOtherChurch ? { ...x, congregacao: null } : { ...x, otherChurch: null as string | null },
    ),
  );
}

// ───────────────────────────── form / body schemas ─────────────────────────────

export const loginSchema = v.object(
  { email: emailSchema, password: v.pipe(v.string(m.required), v.nonEmpty(m.required)) },
  m.required,
);

export const forgotSchema = v.object({ email: forgotEmailSchema }, m.required);

/** The repeated password: required; that it matches is a rule of the form schema (below). */
const confirmationSchema = v.pipe(v.string(m.required), v.nonEmpty(m.required));

/** The new password and its confirmation, which must be equal (product-spec.md §5). */
export const resetPasswordSchema = v.pipe(
  v.object({ password: passwordSchema, confirmation: confirmationSchema }, m.required),
  v.forward(
    v.partialCheck([['password'], ['confirmation']], (x) => x.password === x.confirmation, m.passwordsDiffer),
    ['confirmation'],
  ),
);

/** POST /signup (product-spec.md §7). Congregation XOR other church. */
export const signupSchema = v.pipe(
  // a missing field reads as 'Campo obrigatório'
  v.object(
    {
      email: emailSchema,
      password: passwordSchema,
      congregacao: templeSchema,
      otherChurch: otherChurchSchema,
      consentCongregation: consentSchema,
      phone: phoneSchema,
      cpf: cpfSchema,
      options: v.object(
        {
          emailRedirectTo: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2000), v.url()))),
          data: v.object({ display_name: fullNameSchema }, m.fullName),
        },
        m.fullName,
      ),
    },
    m.required,
  ),
  v.forward(
    v.partialCheck(
      [['congregacao'], ['otherChurch']],
      (x) => x.congregacao !== null || x.otherChurch !== null,
      m.temple,
    ),
    ['congregacao'],
  ),
  v.forward(
    v.partialCheck(
      [['congregacao'], ['otherChurch']],
      (x) => x.congregacao === null || x.otherChurch === null,
      m.templeXorOtherChurch,
    ),
    ['otherChurch'],
  ),
  v.forward(
    v.partialCheck(
      [['congregacao'], ['otherChurch'], ['consentCongregation']],
      consentGiven,
      m.congregationConsent,
    ),
    ['consentCongregation'],
  ),
);
export type SignupInput = v.InferInput<typeof signupSchema>;
export type SignupBody = v.InferOutput<typeof signupSchema>;

/** POST /v1/welcome (product-spec.md §7): the first-access profile. */
export const welcomeSchema = withChurchChoice(
  v.object({ ...churchChoiceEntries, phone: phoneSchema, cpf: cpfSchema }, m.required),
  { required: true },
);
export type WelcomeInput = v.InferInput<typeof welcomeSchema>;
export type WelcomeBody = v.InferOutput<typeof welcomeSchema>;

/**
 * The signup form (product-spec.md §5): what the person fills in. Every cross-field rule lives here: the
 * confirmation equals the password; a congregation is required unless 'Sou de outro ministério' is
 * ticked, and then the church name is; the output keeps only one of the two. `signupBody` turns the
 * output into the POST /signup body (checked again by `signupSchema` on the server).
 */
export const signupFormSchema = withChurchChoice(
  v.pipe(
    v.object(
      {
        name: fullNameSchema,
        email: emailSchema,
        cpf: cpfSchema,
        phone: phoneSchema,
        ...churchChoiceEntries,
        password: passwordSchema,
        confirmation: confirmationSchema,
      },
      m.required,
    ),
    v.forward(
      v.partialCheck(
        [['password'], ['confirmation']],
        (x) => x.password === x.confirmation,
        m.passwordsDiffer,
      ),
      ['confirmation'],
    ),
  ),
  { required: true },
);
export type SignupFormInput = v.InferInput<typeof signupFormSchema>;
export type SignupFormOutput = v.InferOutput<typeof signupFormSchema>;

/** The POST /signup body from the signup form's output. */
export function signupBody(form: SignupFormOutput, emailRedirectTo: string | null): SignupInput {
  return {
    email: form.email,
    password: form.password,
    congregacao: form.congregacao,
    otherChurch: form.otherChurch,
    phone: form.phone,
    cpf: form.cpf,
    consentCongregation: form.consentCongregation,
    options: { emailRedirectTo, data: { display_name: form.name } },
  };
}

/** A UUID route parameter. */
export const uuidSchema = v.pipe(v.string(), v.uuid());
export function isUuid(value: string): boolean {
  return v.is(uuidSchema, value);
}

/** `YYYY-MM` month query (2000-01 … 2099-12). */
export const monthSchema = v.pipe(v.string(), v.regex(/^20\d{2}-(0[1-9]|1[0-2])$/, m.month));
