import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../domain/messages/auth.ts';
import { forgotErrorMessage } from './forgot-error.ts';

describe('forgot-password errors', () => {
  it('a 429 from the auth server asks to wait', () => {
    const error = new AuthApiError('Email rate limit exceeded', 429, 'over_email_send_rate_limit');
    expect(forgotErrorMessage(error)).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    expect(forgotErrorMessage({ code: 'over_request_rate_limit' })).toBe(authMessages.forgotTooMany);
  });

  it('anything else keeps the generic text', () => {
    expect(forgotErrorMessage(new AuthApiError('boom', 500, 'unexpected_failure'))).toBe(
      authMessages.forgotFailed,
    );
  });
});
