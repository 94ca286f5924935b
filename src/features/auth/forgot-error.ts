import { authMessages } from '../../domain/messages/auth.ts';

/** The forgot-password failure text: a throttle (429) says to wait; anything else is the generic one. */
export function forgotErrorMessage(error: { status?: number; code?: string | undefined }): string {
  const throttled =
    error.status === 429 ||
    error.code === 'over_email_send_rate_limit' ||
    error.code === 'over_request_rate_limit';
  return throttled ? authMessages.forgotTooMany : authMessages.forgotFailed;
}
