/**
 * Renders the demo's SVG artwork (server/seed/images.ts) to the WebP files the seed stores
 * (server/seed/artwork/, committed). Run after changing a demo event's title or colours:
 * `npx tsx scripts/demo-images.ts`. Uses the system Chromium's WebP encoder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { artworkFile, demoArtwork } from '../server/seed/index.ts';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
for (const { path, svg, width, height } of demoArtwork()) {
  const dataUrl = await page.evaluate(
    async ({ svg, width, height }) => {
      const img = new Image();
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')!.drawImage(img, 0, 0, width, height);
      return canvas.toDataURL('image/webp', 0.8);
    },
    { svg, width, height },
  );
  const file = artworkFile(path);
  mkdirSync(new URL('.', file), { recursive: true });
  writeFileSync(file, Buffer.from(dataUrl.split(',')[1]!, 'base64'));
  console.log(`${path}: ${Math.round(dataUrl.length * 0.75)} bytes`);
}
await browser.close();
