/**
 * axe (WCAG 2.0 A/AA, 2.1 AA) on the screen as it stands, for every spec that checks accessibility:
 * any violation fails, with its targets.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Colours as they end: every finite animation under way is let finish (sheets sliding in, skeleton
 * fades, intros revealing their lines one after another), again until a frame starts none (a screen
 * that keeps starting new ones is checked after 20 rounds). A wait on the condition, not a fixed time.
 */
async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    for (let round = 0; round < 20; round++) {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const running = document
        .getAnimations()
        .filter(
          (a) =>
            a.playState !== 'finished' &&
            a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** No axe violation on `screen` once its animations are done. */
export async function expectNoViolations(page: Page, screen: string) {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(report, `axe on ${screen}`).toEqual([]);
}
