/** Replaced by the tab's implementation. */
export function OperationTab() {
  return null;
}
