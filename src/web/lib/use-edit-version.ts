import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * The version of a record an edit form was filled from. A background refresh that brings someone else's newer version
 * does not replace what the user is typing: `changedElsewhere` turns true, and `reload` fills the form with the newer
 * one. A save refused as stale (409 STALE) calls `refused`, which fetches the newer version to show the same way.
 */
export function useEditVersion<T extends { updated_at: string }>(query: UseQueryResult<T>) {
  const [pinned, setPinned] = useState<T>();
  if (!pinned && query.data) setPinned(query.data);
  const loaded = pinned ?? query.data;
  const changedElsewhere = Boolean(loaded && query.data && query.data.updated_at !== loaded.updated_at);
  return {
    loaded,
    changedElsewhere,
    reload: async () => {
      const fresh = await query.refetch();
      if (fresh.data) setPinned(fresh.data);
    },
    refused: () => void query.refetch(),
  };
}
