/**
 * The editor's online-only data (docs/architecture.md, 'Frontend': TanStack Query in the feature's api/): admin event
 * list, one event, the venue/speaker/tag choices, vouchers; and the writes, which refresh what
 * they change. Errors are ApiFailure with the API's pt-BR message.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventsChanged } from '../../../data/events/events-changed.ts';
import { questionsChanged } from '../../../data/questions/questions.ts';
import type {
  EventBody,
  SpeakerInput,
  TagInput,
  TierBody,
  VenueInput,
  VoucherBatchInput,
} from '../../../domain/event-editor.ts';
import type { QuestionBodyInput } from '../../../domain/questions.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

const keys = {
  events: (q: string, when: 'upcoming' | 'past') => ['admin-events', q, when] as const,
  allEvents: ['admin-events'] as const,
  event: (id: string) => ['admin-event', id] as const,
  venues: ['admin-venues'] as const,
  speakers: ['admin-speakers'] as const,
  tags: ['admin-tags'] as const,
  vouchers: (id: string) => ['admin-vouchers', id] as const,
};

export function useAdminEvents(q: string, when: 'upcoming' | 'past') {
  return useQuery({
    queryKey: keys.events(q, when),
    queryFn: () => unwrap(apiClient().v1.admin.events.$get({ query: { q, when } })),
  });
}

export function useAdminEvent(id: string | null) {
  return useQuery({
    queryKey: keys.event(id ?? ''),
    enabled: id !== null,
    queryFn: () => unwrap(apiClient().v1.admin.events[':id'].$get({ param: { id: id as string } })),
  });
}

export const useVenues = () =>
  useQuery({ queryKey: keys.venues, queryFn: () => unwrap(apiClient().v1.admin.venues.$get()) });
export const useSpeakers = () =>
  useQuery({ queryKey: keys.speakers, queryFn: () => unwrap(apiClient().v1.admin.speakers.$get()) });
export const useTags = () =>
  useQuery({ queryKey: keys.tags, queryFn: () => unwrap(apiClient().v1.admin.tags.$get()) });

export function useVouchers(eventId: string) {
  return useQuery({
    queryKey: keys.vouchers(eventId),
    queryFn: () => unwrap(apiClient().v1.admin.events[':id'].vouchers.$get({ param: { id: eventId } })),
  });
}

/** Saves an event (create when no id); answers its id. */
export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: EventBody }) => {
      const res = id
        ? await unwrap(apiClient().v1.admin.events[':id'].$put({ param: { id }, json: body }))
        : await unwrap(apiClient().v1.admin.events.$post({ json: body }));
      return res.id;
    },
    onSuccess: (id) => {
      void client.invalidateQueries({ queryKey: keys.allEvents });
      void client.invalidateQueries({ queryKey: keys.event(id) });
      void eventsChanged();
    },
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(apiClient().v1.admin.events[':id'].$delete({ param: { id } })),
    onSuccess: (_, id) => {
      void eventsChanged(id);
      return client.invalidateQueries({ queryKey: keys.allEvents });
    },
  });
}

export function useDuplicateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(apiClient().v1.admin.events[':id'].duplicate.$post({ param: { id }, json: {} })),
    onSuccess: () => {
      void eventsChanged();
      return client.invalidateQueries({ queryKey: keys.allEvents });
    },
  });
}

export function useSaveVenue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: VenueInput) => unwrap(apiClient().v1.admin.venues.$post({ json })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.venues }),
  });
}

export function useSaveSpeaker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: SpeakerInput) => unwrap(apiClient().v1.admin.speakers.$post({ json })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.speakers }),
  });
}

export function useSaveTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: TagInput) => unwrap(apiClient().v1.admin.tags.$post({ json })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.tags }),
  });
}

/** Addresses with coordinates for a venue. */
export function searchAddress(q: string) {
  return unwrap(apiClient().v1.admin.geocode.$get({ query: { q } }));
}

/** Uploads an event or speaker image; answers its storage path. */
export async function uploadImage(type: 'eventImage' | 'speakerImage', file: File): Promise<string> {
  const res = await unwrap(apiClient().v1.admin.files.$post({ query: { type }, form: { file } }));
  return res.path;
}

/** After a write to one event's tiers or files: the event again, in the editor and on the public screens. */
function useRefreshEvent(eventId: string) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: keys.event(eventId) }), eventsChanged()]);
}

/** Tier writes of one event; each refreshes the event. */
export function useTierWrites(eventId: string) {
  const refresh = useRefreshEvent(eventId);
  const tiers = apiClient().v1.admin.events[':id'].tiers;
  return {
    save: useMutation({
      mutationFn: ({ tierId, body }: { tierId: string | null; body: TierBody }) =>
        tierId
          ? unwrap(tiers[':tierId'].$put({ param: { id: eventId, tierId }, json: body }))
          : unwrap(tiers.$post({ param: { id: eventId }, json: body })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (tierId: string) => unwrap(tiers[':tierId'].$delete({ param: { id: eventId, tierId } })),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) => unwrap(tiers.order.$put({ param: { id: eventId }, json: { ids } })),
      onSuccess: refresh,
    }),
  };
}

/** Event file writes; each refreshes the event. */
export function useFileWrites(eventId: string) {
  const refresh = useRefreshEvent(eventId);
  const files = apiClient().v1.admin.events[':id'].files;
  return {
    add: useMutation({
      mutationFn: ({ name, file }: { name: string; file: File }) =>
        unwrap(files.$post({ param: { id: eventId }, form: { name, file } })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (path: string) => unwrap(files.$delete({ param: { id: eventId }, query: { path } })),
      onSuccess: refresh,
    }),
  };
}

export function useGenerateVouchers(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: VoucherBatchInput) =>
      unwrap(apiClient().v1.admin.events[':id'].vouchers.$post({ param: { id: eventId }, json })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.vouchers(eventId) }),
  });
}

/** The vouchers CSV as a file download. */
export async function downloadVouchersCsv(eventId: string): Promise<Blob> {
  const res = await apiClient().v1.admin.events[':id']['vouchers.csv'].$get({ param: { id: eventId } });
  if (!res.ok) await unwrap(Promise.resolve(res));
  return res.blob();
}

/** The event's registration questions (the editor's panel) and their writes; each refreshes the list. */
export function useQuestions(eventId: string) {
  return useQuery({
    queryKey: ['admin-questions', eventId] as const,
    queryFn: () => unwrap(apiClient().v1.admin.events[':id'].questions.$get({ param: { id: eventId } })),
  });
}

export function useQuestionWrites(eventId: string) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin-questions', eventId] }),
      questionsChanged(eventId),
    ]);
  const questions = apiClient().v1.admin.events[':id'].questions;
  return {
    save: useMutation({
      mutationFn: ({ questionId, body }: { questionId: string | null; body: QuestionBodyInput }) =>
        questionId
          ? unwrap(questions[':questionId'].$put({ param: { id: eventId, questionId }, json: body }))
          : unwrap(questions.$post({ param: { id: eventId }, json: body })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (questionId: string) =>
        unwrap(questions[':questionId'].$delete({ param: { id: eventId, questionId } })),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) => unwrap(questions.order.$put({ param: { id: eventId }, json: { ids } })),
      onSuccess: refresh,
    }),
  };
}
