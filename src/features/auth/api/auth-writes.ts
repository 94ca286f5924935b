/** The auth screens' writes to the API: the sign-up and the first access's welcome. */
import { mutationOptions } from '@tanstack/react-query';
import { meQuery } from '../../../data/me-query.ts';
import { queryClient } from '../../../data/query-client.ts';
import type { SignupInput, WelcomeBody } from '../../../domain/validation.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** POST /signup: the account, waiting for the e-mail's confirmation. */
export const signupMutation = mutationOptions({
  mutationFn: (json: SignupInput) => unwrap(apiClient().signup.$post({ json })),
});

/** POST /v1/welcome: the first access's profile (or none when it exists); `me` is read again after it. */
export const welcomeMutation = (userId: string) =>
  mutationOptions({
    mutationFn: (json: WelcomeBody | Record<string, never>) => unwrap(apiClient().v1.welcome.$post({ json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery(userId).queryKey }),
  });
