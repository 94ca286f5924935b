/**
 * Social-media in-app browsers (embedded webviews) where Google refuses OAuth
 * ("disallowed_useragent"): Instagram, Facebook/Messenger, Line, TikTok, Snapchat, X/Twitter,
 * LinkedIn, Pinterest, WeChat, KakaoTalk, and generic Android WebViews.
 */
const IN_APP_BROWSER =
  /Instagram|FBAN\/|FBAV\/|FBIOS|FB_IAB|FBDV\/|Messenger|\bLine\/|TikTok|musical_ly|BytedanceWebview|trill_|Snapchat|Twitter|LinkedInApp|Pinterest|MicroMessenger|KAKAOTALK|; wv\)/i;

const APPLE_MOBILE = /iPhone|iPad|iPod/i;

export type InAppBrowser = 'iphone' | 'other' | null;

/** Which in-app-browser explanation applies to this user agent, or null in a normal browser. */
export function detectInAppBrowser(userAgent: string): InAppBrowser {
  if (!IN_APP_BROWSER.test(userAgent)) return null;
  return APPLE_MOBILE.test(userAgent) ? 'iphone' : 'other';
}
