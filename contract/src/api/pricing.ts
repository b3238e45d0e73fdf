/** GET /api/pricing: the public price list (spec 3 §2.3, §3). */

/** 0: billed per usage (ratios); 1: a fixed price per call. */
export const QuotaType = { PerUsage: 0, PerCall: 1 } as const;

export interface PricingModel {
  model_name: string;
  quota_type: 0 | 1;
  /** Per-usage models: quota per token before the group ratio (price per 1M tokens = ratio × 2 USD). */
  model_ratio: number;
  /** Per-usage models: output tokens cost this many times input tokens. */
  completion_ratio: number;
  /** Per-call models: USD per call before the group ratio. */
  model_price: number;
  /** Groups with an enabled channel for the model. */
  enable_groups: string[];
}

/** The whole answer: the envelope plus the caller's groups, as the reference gateway sends it. */
export interface PricingAnswer {
  success: boolean;
  message: string;
  data: PricingModel[];
  /** Ratio of each group the caller may use. */
  group_ratio: Record<string, number>;
  /** Groups the caller may use → description. */
  usable_group: Record<string, string>;
}
