import { useEffect, useState } from 'react';

/** True when the user asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * How many of the intro steps are visible: step i appears `delays[i]` ms after mount (product-spec.md §9 reveal
 * steps). With prefers-reduced-motion every step is shown at once.
 */
export function useRevealSteps(delays: readonly number[]): number {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? delays.length : 0));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the delays are fixed per screen
  useEffect(() => {
    if (prefersReducedMotion()) {
      setShown(delays.length);
      return;
    }
    const timers = delays.map((delay, i) => setTimeout(() => setShown((n) => Math.max(n, i + 1)), delay));
    return () => {
      for (const t of timers) clearTimeout(t);
    };
  }, []);
  return shown;
}
