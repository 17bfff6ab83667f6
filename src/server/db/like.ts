/** Text typed into a search box, made literal inside a LIKE/ILIKE pattern: %, _ and \ match only themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
