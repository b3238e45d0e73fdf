/** Replaced by the tab's implementation. */
export function ModelsTab() {
  return null;
}
