/**
 * The staff payment review's online-only data (TanStack Query; docs/architecture.md, 'Frontend'): the filtered list page
 * by page, the events to filter by, a receipt's signed URL, and the review actions. After an
 * action the attempt leaves every cached list at once (product-spec.md §4), then the lists refetch.
 */
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminAction,
  AdminConfirmationFilter,
  AdminConfirmationPage,
} from '../../../domain/admin-registrations.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

const LIST_KEY = 'admin-confirmations';

/** The query string of a filter ('' for an unset one: the API reads it as any). */
function filterQuery(filter: AdminConfirmationFilter): {
  [K in keyof Required<AdminConfirmationFilter>]: NonNullable<AdminConfirmationFilter[K]> | '';
} {
  return {
    status: filter.status ?? '',
    paymentMethod: filter.paymentMethod ?? '',
    eventId: filter.eventId ?? '',
    text: filter.text ?? '',
  };
}

export function useAdminConfirmations(filter: AdminConfirmationFilter) {
  return useInfiniteQuery({
    queryKey: [LIST_KEY, filterQuery(filter)],
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        apiClient().v1.admin.confirmations.$get(
          { query: { ...filterQuery(filter), ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useConfirmationEvents() {
  return useQuery({
    queryKey: [LIST_KEY, 'events'],
    queryFn: () => unwrap(apiClient().v1.admin.confirmations.events.$get()),
    staleTime: 5 * 60_000,
  });
}

/** A fresh signed URL of a receipt (they live 10 minutes: never cached). */
export function useReceiptUrl(path: string) {
  return useQuery({
    queryKey: ['receipt-url', path],
    queryFn: async () =>
      (await unwrap(apiClient().v1.files.$get({ query: { type: 'receiptFile', filename: path } }))).signedUrl,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export interface ReviewInput {
  id: string;
  action: AdminAction;
  reason?: string;
}

async function review({ id, action, reason }: ReviewInput) {
  const confirmation = apiClient().v1.admin.confirmations[':id'];
  const param = { id };
  if (action === 'approve') return unwrap(confirmation.approve.$post({ param }));
  if (action === 'reject')
    return unwrap(confirmation.reject.$post({ param, json: { reason: reason ?? '' } }));
  if (action === 'refund')
    return unwrap(confirmation.refund.$post({ param, json: { reason: reason ?? '' } }));
  return unwrap(confirmation.cancel.$post({ param, json: { reason: reason ?? '' } }));
}

export function useReviewConfirmation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: review,
    onSuccess: (_result, { id }) => {
      client.setQueriesData<InfiniteData<AdminConfirmationPage, string>>({ queryKey: [LIST_KEY] }, (data) =>
        data?.pages
          ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((r) => r.id !== id) })) }
          : data,
      );
      void client.invalidateQueries({ queryKey: [LIST_KEY], refetchType: 'none' });
    },
  });
}
