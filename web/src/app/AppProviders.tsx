import { LocaleProvider } from '@douyinfe/semi-ui-19';
import en_US from '@douyinfe/semi-ui-19/lib/es/locale/source/en_US';
import zh_CN from '@douyinfe/semi-ui-19/lib/es/locale/source/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Query cache plus Semi's own texts (date pickers, pagination) in the console's language. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider locale={i18n.language === 'en' ? en_US : zh_CN}>{children}</LocaleProvider>
    </QueryClientProvider>
  );
}
