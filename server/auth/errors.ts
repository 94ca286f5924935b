import { validationMessages } from '../../src/domain/messages/validation.ts';
import { forbiddenCharactersMessage, tooComplexMessage } from '../../src/domain/text.ts';
import { retryText } from '../../src/domain/throttles.ts';
import { MAX_USER_METADATA_BYTES } from './users.ts';

/** A full hashing queue clears in about this long: what a refused sign-in is told to wait. */
export const BUSY_RETRY_SECONDS = 5;

/** A GoTrue error: answered as the 2024-01-01 body `{code, message}` plus the legacy fields. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const API_VERSION = '2024-01-01';

export function authErrorResponse(err: AuthError): Response {
  // `code` is read by supabase-js when it can see X-Supabase-Api-Version; `error_code`/`msg` otherwise.
  const body = { code: err.code, message: err.message, error_code: err.code, msg: err.message, ...err.extra };
  return new Response(JSON.stringify(body), {
    status: err.status,
    headers: {
      'content-type': 'application/json',
      'x-supabase-api-version': API_VERSION,
      'x-sb-error-code': err.code,
      ...err.headers,
    },
  });
}

export const errors = {
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  weakPassword: () =>
    new AuthError(422, 'weak_password', 'Password should be at least 6 characters.', {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  noAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: () =>
    new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: (status = 403) => new AuthError(status, 'user_not_found', 'User not found'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userHasHistory: () =>
    new AuthError(409, 'conflict', 'User has registrations or check-ins and cannot be deleted'),
  // 429s say in pt-BR what happened and when to try again, with Retry-After (seconds)
  rateLimited: (seconds: number) =>
    new AuthError(
      429,
      'over_request_rate_limit',
      `Muitas tentativas a partir desta conexão. Tente novamente em ${retryText(seconds)}.`,
      {},
      { 'retry-after': String(seconds) },
    ),
  emailRateLimited: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `Muitos e-mails pedidos para este endereço. Tente novamente em ${retryText(seconds)}.`,
      {},
      { 'retry-after': String(seconds) },
    ),
  busy: () =>
    new AuthError(
      429,
      'over_request_rate_limit',
      `Muitas pessoas entrando ao mesmo tempo. Tente novamente em ${retryText(BUSY_RETRY_SECONDS)}.`,
      {},
      { 'retry-after': String(BUSY_RETRY_SECONDS) },
    ),
  metadataTooLarge: () =>
    new AuthError(
      400,
      'validation_failed',
      `Os dados do perfil passam do limite de ${MAX_USER_METADATA_BYTES / 1024} KB.`,
    ),
  tokenTooLarge: () =>
    new AuthError(
      422,
      'validation_failed',
      'Os dados desta conta passam do tamanho permitido para entrar. Procure a secretaria.',
    ),
  passwordTooLong: () => new AuthError(400, 'validation_failed', validationMessages.passwordMax),
  forbiddenCharacters: () => new AuthError(400, 'validation_failed', forbiddenCharactersMessage),
  tooComplex: () => new AuthError(400, 'validation_failed', tooComplexMessage),
  emailExists: () =>
    new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
};
