import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../enums.js';

/** Every /api answer: `{success, message, data}`, whatever the HTTP status. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

/** Paged lists answer this inside `data`. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Query of every paged list: 1-based `p`, `page_size` (alias `size`). */
export const pageQuery = z
  .object({
    p: z.coerce.number().int().catch(1).default(1),
    page_size: z.coerce.number().int().optional().catch(undefined),
    size: z.coerce.number().int().optional().catch(undefined),
  })
  .transform(({ p, page_size, size }) => {
    const requested = page_size ?? size ?? DEFAULT_PAGE_SIZE;
    return {
      page: Math.max(1, p),
      pageSize: requested < 1 ? DEFAULT_PAGE_SIZE : Math.min(requested, MAX_PAGE_SIZE),
    };
  });
export type PageQuery = z.output<typeof pageQuery>;
