import { useEffect, useState } from 'react';
import { reportsMessages as m } from '../../domain/messages/reports.ts';
import { Spinner } from '../../ui/spinner.tsx';

/** How long each loading message stays at least. */
export const LOADING_MESSAGE_MS = 2_000;

const COUNT = m.loadingMessages.length;

/** The report's loading screen: a spinner and one of 8 light messages, the next every 2 s. */
export function LoadingMessages() {
  const messages = m.loadingMessages;
  const [index, setIndex] = useState(() => Math.floor(Math.random() * COUNT));
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % COUNT), LOADING_MESSAGE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="report-loading" data-testid="report-loading">
      <Spinner label={m.loading} />
      <p aria-live="polite">{messages[index]}</p>
    </div>
  );
}
