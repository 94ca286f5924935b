import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, firstScreenPainted } from './after-first-screen.ts';
import { queryClient } from './query-client.ts';

/** A page as the check reads it: its load state, what `<main>` holds and its images. */
function page(state: {
  readyState?: DocumentReadyState;
  mainChildren?: number;
  images?: { loading: string; complete: boolean }[];
}): Document & { set(next: typeof state): void } {
  let s = { readyState: 'complete' as DocumentReadyState, mainChildren: 1, images: [], ...state };
  return {
    get readyState() {
      return s.readyState;
    },
    querySelector: () => ({ childElementCount: s.mainChildren }),
    get images() {
      return s.images;
    },
    set(next: typeof state) {
      s = { ...s, ...next };
    },
  } as unknown as Document & { set(next: typeof state): void };
}

describe('the first screen is painted', () => {
  afterEach(() => queryClient.clear());

  it('not while the page loads, <main> is empty (index.html) or an image shown at once is on its way', () => {
    expect(firstScreenPainted(page({ readyState: 'interactive' }))).toBe(false);
    expect(firstScreenPainted(page({ mainChildren: 0 }))).toBe(false);
    expect(firstScreenPainted(page({ images: [{ loading: 'eager', complete: false }] }))).toBe(false);
    expect(firstScreenPainted(page({ images: [{ loading: 'auto', complete: true }] }))).toBe(true);
    // a lazy image below the fold is not waited for
    expect(firstScreenPainted(page({ images: [{ loading: 'lazy', complete: false }] }))).toBe(true);
  });

  it('not while a read is in flight (the cards are not rendered yet)', async () => {
    let answer: (v: string) => void = () => undefined;
    const read = queryClient.fetchQuery({
      queryKey: ['first-screen-test'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    expect(firstScreenPainted(page({}))).toBe(false);
    answer('ok');
    await read;
    expect(firstScreenPainted(page({}))).toBe(true);
  });
});

describe('work after the first screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the paint, not for idle time (a page waiting for its image is idle)', () => {
    const doc = page({ images: [{ loading: 'eager', complete: false }] });
    const work = vi.fn();
    afterFirstScreen(work, doc);
    vi.advanceTimersByTime(3000);
    expect(work).not.toHaveBeenCalled();
    doc.set({ images: [{ loading: 'eager', complete: true }] });
    vi.advanceTimersByTime(1000);
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs after 10 s whatever the screen, and not once cancelled', () => {
    const work = vi.fn();
    afterFirstScreen(work, page({ mainChildren: 0 }));
    vi.advanceTimersByTime(9000);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(work).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    const cancel = afterFirstScreen(cancelled, page({ mainChildren: 0 }));
    cancel();
    vi.advanceTimersByTime(20_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
