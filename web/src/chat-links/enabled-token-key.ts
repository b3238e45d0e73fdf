import { TokenStatus, type Page, type TokenView } from '@gateway/contract';
import { api } from '../api/client';

/** The spec reads one page of up to 100 tokens to find a usable key (document 2, section 7). */
export const CHAT_TOKEN_SCAN_SIZE = 100;

/** The key (without `sk-`) of the caller's first enabled token, or null when none is enabled. */
export async function fetchEnabledTokenKey(): Promise<string | null> {
  const page = await api.get<Page<TokenView>>('/api/token/', {
    query: { p: 1, size: CHAT_TOKEN_SCAN_SIZE },
  });
  return page.items.find((token) => token.status === TokenStatus.Enabled)?.key ?? null;
}
