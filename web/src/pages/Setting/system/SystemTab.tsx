/** Replaced by the tab's implementation. */
export function SystemTab() {
  return null;
}
