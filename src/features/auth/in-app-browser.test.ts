import { describe, expect, it } from 'vitest';
import { detectInAppBrowser } from './in-app-browser.ts';

describe('detectInAppBrowser', () => {
  it('finds Instagram on iPhone', () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 323.0.3.23.54';
    expect(detectInAppBrowser(ua)).toBe('iphone');
  });

  it('finds Facebook on Android', () => {
    const ua =
      'Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]';
    expect(detectInAppBrowser(ua)).toBe('other');
  });

  it('finds TikTok on iPad', () => {
    expect(
      detectInAppBrowser('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) musical_ly_31.5.0 BytedanceWebview'),
    ).toBe('iphone');
  });

  it('leaves normal browsers alone', () => {
    expect(
      detectInAppBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBeNull();
    expect(
      detectInAppBrowser(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      ),
    ).toBeNull();
  });
});
