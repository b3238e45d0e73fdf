import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './resources/en';
import { featureTexts } from './resources/features';
import { zh } from './resources/zh';
import { storedLanguage } from './language';

/** Starts i18next with the stored language (Chinese by default). Safe to call more than once. */
export function initI18n(language = storedLanguage()) {
  if (i18n.isInitialized) {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    return i18n;
  }
  void i18n.use(initReactI18next).init({
    resources: {
      zh: { translation: { ...zh, ...featureTexts('zh') } },
      en: { translation: { ...en, ...featureTexts('en') } },
    },
    lng: language,
    fallbackLng: 'zh',
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return i18n;
}
