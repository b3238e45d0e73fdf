import { channelTexts } from '../../pages/Channel/texts';
import { redemptionTexts } from '../../pages/Redemption/texts';
import { walletTexts } from '../../pages/TopUp/texts';
import { chatTexts } from '../../pages/Chat/texts';
import { logTexts } from '../../pages/Log/texts';
import { tokenTexts } from '../../pages/Token/texts';
import { settingTexts } from '../../pages/Setting/texts';
import { settingOperationTexts } from '../../pages/Setting/operation/texts';
import { settingPricingTexts } from '../../pages/Setting/operation/pricing/texts';
import { settingSystemTexts } from '../../pages/Setting/system/texts';
import { userTexts } from '../../pages/User/texts';
import { passwordResetTexts } from '../../pages/PasswordReset/texts';
import { pricingTexts } from '../../pages/Pricing/texts';
import { playgroundTexts } from '../../pages/Playground/texts';
import { dashboardTexts } from '../../pages/Detail/texts';
import { taskTexts } from '../../pages/Task/texts';
import { personalSettingsTexts } from '../../pages/Personal/texts';
import { midjourneyTexts } from '../../pages/Midjourney/texts';
import { oauthTexts } from '../../pages/OAuthCallback/texts';

/**
 * Texts of feature pages, kept next to each page (`pages/<Page>/texts.ts`, exporting
 * `{ zh: {...}, en: {...} }`) and merged here under their namespace. Add one line per feature.
 */
export interface FeatureTexts {
  zh: Record<string, unknown>;
  en: Record<string, unknown>;
}

export const FEATURE_TEXTS: Record<string, FeatureTexts> = {
  channels: channelTexts,
  redemption: redemptionTexts,
  wallet: walletTexts,
  chat: chatTexts,
  log: logTexts,
  token: tokenTexts,
  setting: settingTexts,
  settingOperation: settingOperationTexts,
  settingPricing: settingPricingTexts,
  settingSystem: settingSystemTexts,
  users: userTexts,
  passwordReset: passwordResetTexts,
  pricing: pricingTexts,
  playground: playgroundTexts,
  dashboard: dashboardTexts,
  task: taskTexts,
  personalSettings: personalSettingsTexts,
  mj: midjourneyTexts,
  oauth: oauthTexts,
};

export function featureTexts(language: 'zh' | 'en'): Record<string, unknown> {
  return Object.fromEntries(Object.entries(FEATURE_TEXTS).map(([ns, texts]) => [ns, texts[language]]));
}
