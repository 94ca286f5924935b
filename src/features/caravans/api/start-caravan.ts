import { mutationOptions } from '@tanstack/react-query';
/**
 * POST /v1/checkout/{eventId}/{tierId}/caravan: the leader's one checkout for several people. The
 * member's registrations are read again afterwards so /my-registrations shows every ticket of
 * the group (also offline later). Failures throw ApiFailure with the API's pt-BR message.
 */

import { invalidateMyRegistrations } from '../../../data/registrations/mutations.ts';
import type { CaravanBody } from '../../../domain/caravans.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const startCaravanMutation = mutationOptions({
  mutationFn: ({
    eventId,
    tierId,
    body,
  }: {
    eventId: string;
    tierId: string;
    body: Omit<CaravanBody, 'people'> & { people: { name: string; cpf: string; email: string }[] };
  }) =>
    unwrap(
      apiClient().v1.checkout[':eventId'][':tierId'].caravan.$post({
        param: { eventId, tierId },
        json: body,
      }),
    ),
  onSuccess: invalidateMyRegistrations,
});
