/**
 * A plain <a href> to an app address whose route may live in another feature (checkout, my
 * registrations, admin, auth): navigates inside the app on a plain click, a real link otherwise.
 */
import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes } from 'react';

export function AppLink({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  return (
    <a
      href={href}
      {...rest}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void router.navigate({ href });
      }}
    />
  );
}
