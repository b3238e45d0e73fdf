/** Replaced by the tab's implementation. */
export function OtherTab() {
  return null;
}
