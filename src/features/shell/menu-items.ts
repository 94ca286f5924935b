import { menuMessages } from '../../domain/messages.ts';
import type { Permission } from '../../domain/types.ts';

export interface MenuItem {
  label: string;
  href: string;
}

/** The menu of product-spec.md §2, in order, for a signed-in user or a guest with the given permissions. */
export function menuItems(signedIn: boolean, permissions: readonly Permission[]): MenuItem[] {
  const has = (...p: Permission[]) => signedIn && permissions.some((x) => p.includes(x));
  const items: (MenuItem | false)[] = [
    { label: menuMessages.upcoming, href: '/' },
    { label: menuMessages.all, href: '/all' },
    signedIn && { label: menuMessages.myRegistrations, href: '/my-registrations' },
    has('read_confirmations') && { label: menuMessages.allRegistrations, href: '/admin/registrations' },
    has('read_confirmations') && { label: menuMessages.searchUsers, href: '/admin/users' },
    has('read_confirmations', 'create_user') && {
      label: menuMessages.thirdPartySignup,
      href: '/admin/single-page-signup',
    },
    has('reports') && { label: menuMessages.reports, href: '/admin/reports' },
    has('write_confirmations') && { label: menuMessages.passwordReset, href: '/admin/pwd-reset' },
    has('checkin') && { label: menuMessages.checkin, href: '/admin/checkin' },
    has('write_events') && { label: menuMessages.manageEvents, href: '/admin/events' },
    { label: menuMessages.fastpass, href: '/fastpass' },
  ];
  return items.filter((x): x is MenuItem => Boolean(x));
}

/** True when `href` is the page at `pathname` (the home only matches itself). */
export function isCurrent(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
