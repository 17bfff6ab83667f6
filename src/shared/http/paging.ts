import { z } from 'zod';
import { text } from '../common/fields.js';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** `?limit=&cursor=` of every list. The cursor is opaque to the client. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: text(500).optional(),
});

export type Page<T> = { items: T[]; nextCursor: string | null };

/** The response schema of a list: one page of `item`. */
export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** Turns '' into undefined, so an empty query-string value means "no filter". */
export const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
