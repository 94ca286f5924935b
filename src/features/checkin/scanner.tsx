import { useEffect, useRef } from 'react';
import { checkinMessages as m } from '../../domain/messages/checkin.ts';

/** Spec §9: at most 10 scans per second; restart every 30 s with a 1 s pause. */
const MAX_SCANS_PER_SECOND = 10;
const RESTART_EVERY_MS = 30_000;
const RESTART_PAUSE_MS = 1_000;

/**
 * The camera QR scanner (qr-scanner, loaded with this chunk only when the camera is started).
 * The same code twice in a row is ignored: a ticket held in front of the camera checks in once.
 * The preview is brought into view when it starts and after each `answer` (the door's answer panel,
 * sticky above it, may have grown and pushed it down); `undefined` leaves the page where it is.
 */
export function Scanner({
  onCode,
  onError,
  answer,
  answerShown,
}: {
  onCode(code: string): void;
  onError(message: string): void;
  answer: unknown;
  /** an answer (a caravan's list too) is on screen: the camera's start leaves the page where it is */
  answerShown: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  // the camera starts once per mount, whatever callbacks a re-render passes
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const answerShownRef = useRef(answerShown);
  answerShownRef.current = answerShown;
  useEffect(() => {
    if (answer !== undefined) video.current?.scrollIntoView?.({ block: 'nearest' });
  }, [answer]);

  useEffect(() => {
    let stopped = false;
    let scanner: { start(): Promise<void>; stop(): void; destroy(): void } | null = null;
    let restart: ReturnType<typeof setInterval> | undefined;
    let last = '';
    void (async () => {
      try {
        const { default: QrScanner } = await import('qr-scanner');
        if (stopped || !video.current) return;
        const s = new QrScanner(
          video.current,
          (result) => {
            if (result.data === last) return;
            last = result.data;
            onCodeRef.current(result.data);
          },
          {
            maxScansPerSecond: MAX_SCANS_PER_SECOND,
            preferredCamera: 'environment',
            returnDetailedScanResult: true,
          },
        );
        scanner = s;
        await s.start();
        // the preview in view (on a small phone it starts below the fold), unless an answer came
        // first: a camera slow to start must not scroll away what the volunteer is reading
        if (!stopped && !answerShownRef.current) video.current?.scrollIntoView?.({ block: 'nearest' });
        restart = setInterval(() => {
          s.stop();
          setTimeout(() => {
            if (!stopped) void s.start();
          }, RESTART_PAUSE_MS);
        }, RESTART_EVERY_MS);
      } catch {
        if (!stopped) onErrorRef.current(m.cameraFailed);
      }
    })();
    return () => {
      stopped = true;
      clearInterval(restart);
      scanner?.destroy();
    };
  }, []);

  return <video ref={video} className="door-video" muted playsInline aria-label="Câmera" />;
}

/**
 * Fetches the scanner's code (qr-scanner and, where the browser has no BarcodeDetector, its worker)
 * without opening the camera: once fetched it is kept for offline use, so the camera opens at a
 * door with no signal. Never throws.
 */
export async function preloadScanner(): Promise<void> {
  try {
    const { default: QrScanner } = await import('qr-scanner');
    const engine = await QrScanner.createQrEngine();
    if (engine instanceof Worker) engine.terminate();
  } catch {
    // offline before it was fetched: the camera will say so when opened
  }
}
