import type { Page, PageQuery } from '@gateway/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * Helpers shared by the paged, searchable lists of tokens, redemption codes and top-up orders.
 * LIKE patterns escape their wildcards with '!' (a backslash would itself need escaping on
 * MySQL), so a search for "50%_off" matches that text and nothing else.
 */
const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/** Case-insensitive "column contains text" on every dialect (PostgreSQL's LIKE is case-sensitive). */
export function columnContains(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '!'`;
}

/** "column starts with text", case-insensitive. */
export function columnStartsWith(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`${escapeLike(text.toLowerCase())}%`} escape '!'`;
}

export const pageOffset = (page: PageQuery) => (page.page - 1) * page.pageSize;

export const toPage = <T>(items: T[], total: number, page: PageQuery): Page<T> => ({
  items,
  total,
  page: page.page,
  page_size: page.pageSize,
});

/** Path parameter `:id`; anything but a positive integer is treated as a missing record. */
export function parseIdParam(params: unknown): number | null {
  const raw = (params as { id?: string } | undefined)?.id ?? '';
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
