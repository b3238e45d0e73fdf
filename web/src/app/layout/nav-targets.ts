import type { SiteStatus } from '@gateway/contract';

/** The top bar's console link: the dashboard when the site collects data for it, else the tokens. */
export const consolePath = (status: Pick<SiteStatus, 'enable_data_export'>) =>
  status.enable_data_export ? '/detail' : '/token';

/** 1 January in the visitor's own time zone. */
export const isNewYearsDay = (now: Date) => now.getMonth() === 0 && now.getDate() === 1;
