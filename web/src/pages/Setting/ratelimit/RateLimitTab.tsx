/** Replaced by the tab's implementation. */
export function RateLimitTab() {
  return null;
}
