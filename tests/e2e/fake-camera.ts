/**
 * The door's camera in a test: a Chromium of its own whose fake camera plays a QR (a y4m video,
 * `tests/fixtures/qr-video.ts`), with the suite's flags and camera access granted without a prompt.
 * `args` adds flags (the HTTPS tests' LAN name and certificate).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { writeQrVideo } from '../fixtures/qr-video.ts';
import { SYSTEM_CHROMIUM } from '../fixtures/system-chromium.ts';

export async function browserWithCameraShowing(qrContent: string, args: string[] = []): Promise<Browser> {
  const video = join(mkdtempSync(join(tmpdir(), 'congrega-qr-')), 'qr.y4m');
  writeQrVideo(video, qrContent);
  return chromium.launch({
    executablePath: SYSTEM_CHROMIUM.executablePath,
    args: [
      ...SYSTEM_CHROMIUM.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
      ...args,
    ],
  });
}

/** A door phone's context: 320 × 640, in Brazil, the camera allowed. */
export const DOOR_PHONE = {
  viewport: { width: 320, height: 640 },
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  permissions: ['camera'],
};
