/** Whether a statement failed on a unique constraint (PostgreSQL's 23505, on a server and in PGlite alike). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Whether a prepared statement's kept plan no longer fits its tables (PostgreSQL's 0A000 "cached plan must not change
 * result type": a column added or changed under it).
 */
export const isCachedPlanChanged = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test(error.message);
