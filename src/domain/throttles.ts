/**
 * The pure parts of the throttles the API and the local auth share: the signup limit per client
 * address (one count for the API's /signup and /auth/v1/signup) and the wait as a 429 says it.
 */

/** Signups per client address: 10 in 15 minutes (seconds), unless SIGNUP_LIMIT says otherwise. */
export const SIGNUP_PER_ADDRESS = { max: 10, window: 15 * 60 } as const;

/** The signup limit with SIGNUP_LIMIT applied (a whole number ≥ 1; anything else keeps the 10). */
export function signupLimit(env: { signupLimit?: number }): { max: number; window: number } {
  const max = env.signupLimit;
  return {
    max: typeof max === 'number' && Number.isInteger(max) && max >= 1 ? max : SIGNUP_PER_ADDRESS.max,
    window: SIGNUP_PER_ADDRESS.window,
  };
}

/** "em N segundos" / "em N minutos" for a 429 message. */
export function retryText(seconds: number): string {
  if (seconds < 60) return `${seconds} segundo${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minuto${minutes === 1 ? '' : 's'}`;
}
