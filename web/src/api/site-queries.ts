import type { SiteStatus } from '@gateway/contract';
import { useQuery } from '@tanstack/react-query';
import { FALLBACK_STATUS, persistSiteStatus, readStoredSiteStatus } from '../status/site-status-storage';
import { api } from './client';

export const siteKeys = {
  status: ['status'] as const,
  about: ['about'] as const,
  homePage: ['home_page_content'] as const,
  notice: ['notice'] as const,
};

export async function fetchSiteStatus(): Promise<SiteStatus> {
  // Quiet: the status gate words its own message (unreachable vs. failed).
  const status = await api.get<SiteStatus>('/api/status', { quiet: true });
  persistSiteStatus(status);
  return status;
}

export function useSiteStatusQuery() {
  return useQuery({
    queryKey: siteKeys.status,
    queryFn: fetchSiteStatus,
    staleTime: 60_000,
    retry: 1,
    retryDelay: 500,
    // After a failure every newly mounted reader would refetch, sending the gate back to its
    // spinner and unmounting the readers again: a loop. The gate's retry button refetches instead.
    retryOnMount: false,
  });
}

/** The site status for components under the status gate (which waits for the first answer). */
export function useSiteStatus(): SiteStatus {
  const { data } = useSiteStatusQuery();
  return data ?? readStoredSiteStatus() ?? FALLBACK_STATUS;
}

export function useAboutQuery() {
  return useQuery({ queryKey: siteKeys.about, queryFn: () => api.get<string>('/api/about') });
}

export function useHomePageContentQuery() {
  return useQuery({
    queryKey: siteKeys.homePage,
    queryFn: () => api.get<string>('/api/home_page_content', { quiet: true }),
  });
}

/** The admin's notice (Markdown or HTML); empty when none is set. */
export function useNoticeQuery() {
  return useQuery({
    queryKey: siteKeys.notice,
    queryFn: () => api.get<string>('/api/notice', { quiet: true }),
  });
}
