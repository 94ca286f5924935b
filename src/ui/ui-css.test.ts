import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('..', import.meta.url).pathname;

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('design-system rules live in one place', () => {
  it('.icon-button is defined once, in src/ui/ui.css', () => {
    const defining = cssFiles(SRC).filter((file) =>
      /(^|\n|\})\s*\.icon-button\s*\{/.test(readFileSync(file, 'utf8')),
    );
    expect(defining.map((f) => f.slice(SRC.length))).toEqual(['ui/ui.css']);
  });
});
