import { roundQuota, type Price } from './pricing.js';

const SIZE_RATIO: Record<string, number> = {
  '256x256': 0.4,
  '512x512': 0.45,
  '1024x1024': 1,
  '1024x1792': 2,
  '1792x1024': 2,
};

/**
 * Image generation: a per-image USD price (the fixed price, or 0.0025 × model ratio, so ratio 16
 * = $0.04) times size, quality and count. Unlike other gateways, size, quality and n count in
 * ratio mode too.
 */
export function imageQuota(
  price: Price,
  body: Record<string, unknown>,
  model: string,
): { quota: number; count: number; note: string } {
  const count = typeof body.n === 'number' && body.n > 0 ? Math.trunc(body.n) : 1;
  const size = typeof body.size === 'string' ? body.size : '1024x1024';
  const quality = typeof body.quality === 'string' ? body.quality : 'standard';
  let qualityRatio = 1;
  if (model === 'dall-e-3' && quality === 'hd') qualityRatio = size === '1024x1024' ? 2 : 1.5;
  const perImage = price.usePrice ? price.modelPrice : 0.0025 * price.modelRatio;
  // Imagen is priced per image whatever its aspect ratio (the size only picks the ratio).
  const sizeRatio = model.startsWith('imagen') ? 1 : (SIZE_RATIO[size] ?? 1);
  const usd = perImage * sizeRatio * qualityRatio * count;
  return {
    quota: roundQuota(usd * price.quotaPerUnit * price.groupRatio),
    count,
    note: `大小 ${size}, 品质 ${quality}`,
  };
}

/**
 * How many images an OpenAI images answer carries (its `data` list); null when the body says
 * nothing countable. A provider that makes fewer images than asked (a partly failed task) is
 * paid for those it made.
 */
export function deliveredImages(body: Buffer): number | null {
  try {
    const data = (JSON.parse(body.toString('utf8')) as { data?: unknown }).data;
    return Array.isArray(data) ? data.length : null;
  } catch {
    return null;
  }
}

/** The image charge for `delivered` of the `requested` images (never more than the full price). */
export function deliveredImageQuota(quota: number, requested: number, delivered: number | null): number {
  if (delivered === null || delivered >= requested || requested <= 0) return quota;
  return roundQuota((quota * delivered) / requested);
}
