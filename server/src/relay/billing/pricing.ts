import type { OptionStore } from '../../modules/options/store.js';
import type { CachedUser } from '../../modules/users/user-cache.js';
import { RelayError } from '../errors.js';
import { AUDIO_COMPLETION_RATIO, builtinAudioRatio } from './audio-ratio.js';
import { builtinCompletionRatio } from './completion-ratio.js';

/** Everything that prices one request, recorded in the log's `other`. */
export interface Price {
  /** A fixed USD price per call wins over the ratios. */
  usePrice: boolean;
  modelPrice: number;
  modelRatio: number;
  completionRatio: number;
  cacheRatio: number;
  cacheCreationRatio: number;
  /** Audio input tokens cost this many text input tokens. */
  audioRatio: number;
  /** Audio output tokens cost this many audio input tokens. */
  audioCompletionRatio: number;
  groupRatio: number;
  quotaPerUnit: number;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens served from the provider's cache (part of promptTokens). */
  cachedTokens: number;
  /** Prompt tokens written to the provider's cache (part of promptTokens). */
  cacheCreationTokens: number;
  /** Audio input tokens (part of promptTokens), when the upstream says. */
  audioPromptTokens?: number;
  /** Audio output tokens (part of completionTokens), when the upstream says. */
  audioCompletionTokens?: number;
}

/** Ratio applied to models nobody priced, in self-use mode or for users who accept unpriced models. */
export const UNSET_MODEL_RATIO = 37.5;
const DEFAULT_CACHE_CREATION_RATIO = 1.25;

/** Custom tool and GPT names are billed under one wildcard entry. */
export function pricingModelName(model: string): string {
  if (model.startsWith('gpt-4-gizmo')) return 'gpt-4-gizmo-*';
  if (model.startsWith('gpt-4o-gizmo')) return 'gpt-4o-gizmo-*';
  return model;
}

const priceCache = new WeakMap<OptionStore, Map<string, Price>>();

/**
 * The price of a model for a group, cached until any option changes (prices are options). The
 * user matters only for unpriced models, so the key includes that flag.
 */
export function lookupPrice(options: OptionStore, model: string, group: string, user: CachedUser): Price {
  let cache = priceCache.get(options);
  if (!cache) {
    const fresh = new Map<string, Price>();
    options.onChange(() => fresh.clear());
    priceCache.set(options, (cache = fresh));
  }
  const key = `${model}\u0000${group}\u0000${user.setting.accept_unset_model_ratio_model ? 1 : 0}`;
  let price = cache.get(key);
  if (!price) {
    price = computePrice(options, model, group, user);
    if (cache.size > 10_000) cache.clear();
    cache.set(key, price);
  }
  return price;
}

function computePrice(options: OptionStore, model: string, group: string, user: CachedUser): Price {
  const name = pricingModelName(model);
  const groupRatios = options.json<Record<string, number>>('GroupRatio');
  const groupRatio = groupRatios[group] ?? 1;
  const quotaPerUnit = options.num('QuotaPerUnit');
  const prices = options.json<Record<string, number>>('ModelPrice');
  const cacheRatios = options.json<Record<string, number>>('CacheRatio');
  const base = {
    groupRatio,
    quotaPerUnit,
    cacheRatio: cacheRatios[name] ?? 1,
    cacheCreationRatio: DEFAULT_CACHE_CREATION_RATIO,
    audioRatio: builtinAudioRatio(name),
    audioCompletionRatio: AUDIO_COMPLETION_RATIO,
  };
  const price = prices[name];
  if (price !== undefined) {
    return { ...base, usePrice: true, modelPrice: price, modelRatio: 0, completionRatio: 0 };
  }
  const ratios = options.json<Record<string, number>>('ModelRatio');
  let modelRatio = ratios[name];
  if (modelRatio === undefined) {
    if (!options.bool('SelfUseModeEnabled') && !user.setting.accept_unset_model_ratio_model) {
      const advice = user.id === 1 ? '请设置或开启自用模式' : '请联系管理员设置';
      throw new RelayError(
        500,
        `模型 ${model} 倍率或价格未配置，${advice}；Model ${model} ratio or price not set`,
        'model_price_error',
      );
    }
    modelRatio = UNSET_MODEL_RATIO;
  }
  const completionRatios = options.json<Record<string, number>>('CompletionRatio');
  const completionRatio = completionRatios[name] ?? builtinCompletionRatio(name);
  return { ...base, usePrice: false, modelPrice: 0, modelRatio, completionRatio };
}

/** Half away from zero, after removing float noise (0.1 × 3 must round like 0.3). */
export function roundQuota(x: number): number {
  const clean = Math.round(x * 1e6) / 1e6;
  return Math.sign(clean) * Math.floor(Math.abs(clean) + 0.5);
}

/** Quota held before the upstream call: a fixed price, or the prompt plus the most it may answer. */
export function holdQuota(
  price: Price,
  promptTokens: number,
  maxTokens: number,
  preConsumedTokens: number,
): number {
  if (price.usePrice) return Math.ceil(price.modelPrice * price.quotaPerUnit * price.groupRatio - 1e-9);
  const completion = maxTokens > 0 ? maxTokens : preConsumedTokens;
  const tokens = promptTokens + completion * price.completionRatio;
  return Math.ceil(tokens * price.modelRatio * price.groupRatio - 1e-9);
}

/**
 * The final charge.
 * Ratio mode: (uncached text prompt + cached × cacheRatio + cache writes × cacheCreationRatio +
 * text completion × completionRatio + audio prompt × audioRatio + audio completion × audioRatio ×
 * audioCompletionRatio) × modelRatio × groupRatio, rounded; at least 1 when tokens were used and
 * the model is not free. Price mode: price × QuotaPerUnit × groupRatio.
 */
export function chargeQuota(price: Price, usage: Usage): number {
  if (price.usePrice) return roundQuota(price.modelPrice * price.quotaPerUnit * price.groupRatio);
  const cached = Math.min(usage.cachedTokens, usage.promptTokens);
  const creation = Math.min(usage.cacheCreationTokens, usage.promptTokens - cached);
  const audioIn = Math.min(usage.audioPromptTokens ?? 0, usage.promptTokens - cached - creation);
  const audioOut = Math.min(usage.audioCompletionTokens ?? 0, usage.completionTokens);
  const plain = usage.promptTokens - cached - creation - audioIn;
  let weighted =
    plain +
    cached * price.cacheRatio +
    creation * price.cacheCreationRatio +
    (usage.completionTokens - audioOut) * price.completionRatio;
  if (audioIn + audioOut > 0) {
    weighted += (audioIn + audioOut * price.audioCompletionRatio) * price.audioRatio;
  }
  const quota = roundQuota(weighted * price.modelRatio * price.groupRatio);
  const used = usage.promptTokens + usage.completionTokens > 0;
  if (used && quota <= 0 && price.modelRatio * price.groupRatio > 0) return 1;
  return quota;
}
