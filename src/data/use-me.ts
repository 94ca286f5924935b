/** The signed-in user's `me` for screens (query cache, meQuery); guests have none. */
import { useQuery } from '@tanstack/react-query';
import type { Me, Permission } from '../domain/types.ts';
import { useSessionStore } from '../lib/session.ts';
import { meQuery } from './me-query.ts';

/**
 * `me` of the signed-in user: `me` undefined until known; `failed` when it could not be fetched and
 * the device kept none (offline on a first visit); `retry` asks again.
 */
export function useMe(): { me: Me | undefined; failed: boolean; retry: () => void } {
  const userId = useSessionStore((s) => s.session?.user.id);
  const query = useQuery({ ...meQuery(userId ?? ''), enabled: Boolean(userId) });
  const me = userId ? query.data : undefined;
  return { me, failed: !me && query.isError, retry: () => void query.refetch() };
}

/** Whether the signed-in user holds any of these permissions. */
export function useHasPermission(...permissions: Permission[]): boolean {
  const { me } = useMe();
  return Boolean(me?.permissions.some((p) => permissions.includes(p)));
}
