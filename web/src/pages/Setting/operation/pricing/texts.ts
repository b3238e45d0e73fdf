/** Texts under the `settingPricing` namespace; each Chinese text is the zh wording, en mirrors its keys. */
const zh = {};

const en: typeof zh = {};

export const settingPricingTexts = { zh, en };
