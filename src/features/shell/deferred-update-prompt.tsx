import { type ComponentType, useEffect, useState } from 'react';

/** How long after the page's load event the service worker registration starts. */
export const SW_REGISTER_DELAY_MS = 3000;

let loaded: ComponentType | null = null;

/**
 * The update prompt and the service worker registration (workbox-window) stay off the first load:
 * their code is fetched a few seconds after the page's `load` event, then the prompt registers /sw.js.
 */
export function DeferredUpdatePrompt() {
  const [Prompt, setPrompt] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (Prompt) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => {
        import('./update-prompt.tsx')
          .then((m) => {
            loaded = m.UpdatePrompt;
            if (!cancelled) setPrompt(() => m.UpdatePrompt);
          })
          .catch(() => undefined); // offline before it was cached: no prompt this time
      }, SW_REGISTER_DELAY_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('load', start);
    };
  }, [Prompt]);
  return Prompt ? <Prompt /> : null;
}
