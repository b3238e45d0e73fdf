import i18n from 'i18next';
import { StorageKey } from '../storage/keys';
import { readLocal, writeLocal } from '../storage/local-store';

export const LANGUAGES = [
  { code: 'zh', label: '中文' },
  { code: 'en', label: 'English' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** Chinese unless English was chosen; older consoles stored codes such as en-US or zh-CN. */
export function storedLanguage(): LanguageCode {
  return readLocal(StorageKey.language)?.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export async function changeLanguage(code: LanguageCode) {
  writeLocal(StorageKey.language, code);
  document.documentElement.lang = code;
  await i18n.changeLanguage(code);
}
