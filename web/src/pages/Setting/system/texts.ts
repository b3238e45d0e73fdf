import { settingSystemEn } from './texts-en';
import { settingSystemZh } from './texts-zh';

/** Texts of the system and other settings tabs, registered under `settingSystem`. */
export const settingSystemTexts = { zh: settingSystemZh, en: settingSystemEn };
