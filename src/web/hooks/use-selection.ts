import { useState } from 'react';

export type Selection = {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  /** Every id shown chosen, or none of them. */
  toggleAll: (ids: string[], on: boolean) => void;
  clear: () => void;
};

/** Rows picked on a list for one action on all of them; a new `resetKey` (another page or filter) starts afresh. */
export function useSelection(resetKey: string): Selection {
  const [state, setState] = useState<{ key: string; selected: ReadonlySet<string> }>({ key: resetKey, selected: new Set() });
  const selected = state.key === resetKey ? state.selected : new Set<string>();
  const update = (next: Set<string>) => setState({ key: resetKey, selected: next });
  return {
    selected,
    toggle: (id, on) => {
      const next = new Set(selected);
      if (on) next.add(id);
      else next.delete(id);
      update(next);
    },
    toggleAll: (ids, on) => {
      const next = new Set(selected);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      update(next);
    },
    clear: () => update(new Set()),
  };
}
