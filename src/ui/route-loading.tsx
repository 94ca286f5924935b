/**
 * The router's default pending and error screens for a screen whose code loads lazily: nothing
 * while it loads, as before; after CHUNK_TIMEOUT_MS still loading, or when the code failed to
 * arrive (offline, a deploy replaced the files), a message with 'Tentar novamente', which reloads.
 */
import { ErrorComponent } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { chunkMessages } from '../domain/messages.ts';

/** How long a screen's code may take before the retry is offered (spec: 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A failed dynamic import, as browsers word it (Chromium, Firefox, Safari) or as Vite reports it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

function Retry({ text }: { text: string }) {
  return (
    <div className="route-retry" role="alert">
      <p>{text}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {chunkMessages.retry}
      </button>
    </div>
  );
}

export function RoutePending({ timeoutMs = CHUNK_TIMEOUT_MS }: { timeoutMs?: number }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return late ? <Retry text={chunkMessages.timeout} /> : null;
}

export function RouteError({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) return <Retry text={chunkMessages.failed} />;
  // anything else: the router's own error screen, as before
  return <ErrorComponent error={error} />;
}
