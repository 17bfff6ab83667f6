/** Whether a statement failed on a unique constraint (PostgreSQL's 23505, on a server and in PGlite alike). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
