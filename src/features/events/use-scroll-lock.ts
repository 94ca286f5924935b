import { useEffect } from 'react';

let locks = 0;
let previous = '';

/** Keeps the page behind a modal sheet from scrolling while the calling component is mounted. */
export function useScrollLock(): void {
  useEffect(() => {
    const root = document.documentElement;
    if (locks++ === 0) {
      previous = root.style.overflow;
      root.style.overflow = 'hidden';
    }
    return () => {
      if (--locks === 0) root.style.overflow = previous;
    };
  }, []);
}
