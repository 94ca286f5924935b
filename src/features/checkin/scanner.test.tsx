// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// qr-scanner needs a real camera: a stand-in whose start the test finishes when it likes
const started: Array<() => void> = [];
vi.mock('qr-scanner', () => ({
  default: class {
    start() {
      return new Promise<void>((resolve) => started.push(resolve));
    }
    stop() {}
    destroy() {}
  },
}));
const { Scanner } = await import('./scanner.tsx');

afterEach(() => {
  cleanup();
  started.length = 0;
  vi.restoreAllMocks();
});

/** Mounts the scanner, lets its camera start, and says whether the preview was scrolled to. */
async function cameraStarts(answerShown: boolean): Promise<boolean> {
  const scroll = vi.fn();
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(scroll);
  render(<Scanner onCode={() => {}} onError={() => {}} answer={undefined} answerShown={answerShown} />);
  await vi.waitFor(() => expect(started).toHaveLength(1));
  started[0]!();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return scroll.mock.calls.length > 0;
}

describe('the door camera', () => {
  it('brings its preview into view when it starts', async () => {
    expect(await cameraStarts(false)).toBe(true);
  });

  it('leaves the page where it is when an answer (a caravan list) came before the camera started', async () => {
    expect(await cameraStarts(true)).toBe(false);
  });
});
