/**
 * Leaving the console and opening other windows, in a module of their own so component tests can
 * replace them (jsdom cannot navigate).
 */

/** Replaces the console with `url` (a chat web app, or an app scheme the OS hands on). */
export const leaveConsoleFor = (url: string) => window.location.assign(url);

/** Opens `url` in a new tab; false when the browser blocked the popup. */
export function openInNewTab(url: string): boolean {
  // Not 'noopener' in the features: that makes window.open return null even on success, and the
  // caller needs to know whether the tab opened. The opener link is cut by hand instead.
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  opened.opener = null;
  return true;
}
