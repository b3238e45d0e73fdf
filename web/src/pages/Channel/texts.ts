import { channelTextsEn } from './texts-en';
import { channelTextsZh } from './texts-zh';

/** The channel page's texts, registered under `channels` in i18n/resources/features.ts. */
export const channelTexts = { zh: channelTextsZh, en: channelTextsEn };
