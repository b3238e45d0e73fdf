/** Replaced by the tab's implementation. */
export function PricingSettings() {
  return null;
}
