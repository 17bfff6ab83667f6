import { useState } from 'react';
import type { Deal } from '@shared/deals/types';
import { formatDate } from '@/lib/format';
import { useDealList } from './api';
import { SearchPicker } from '@/components/search-picker';

export type PickedDeal = { id: string; label: string };
const labelOf = (deal: Deal) => `${deal.manufacturer} ${deal.model} · ${deal.customer_name}`;

/** Finds a deal the user may see by customer, make or model; typing again clears the choice. */
export function DealPicker({
  id,
  onChange,
  invalid,
}: {
  id: string;
  onChange: (deal: PickedDeal | null) => void;
  invalid?: boolean;
}) {
  const [text, setText] = useState('');
  const deals = useDealList({ q: text.trim() || undefined, limit: 8 });
  return (
    <SearchPicker
      id={id}
      value={text}
      aria-invalid={invalid}
      placeholder="Search deals by customer, make or model"
      options={deals.data?.items ?? []}
      optionKey={(deal) => deal.id}
      renderOption={(deal) => (
        <span className="flex justify-between gap-2">
          <span className="truncate">{labelOf(deal)}</span>
          <span className="text-muted-foreground shrink-0 text-xs">{formatDate(deal.date)}</span>
        </span>
      )}
      onChange={(event) => {
        setText(event.target.value);
        onChange(null);
      }}
      onPick={(deal) => {
        setText(labelOf(deal));
        onChange({ id: deal.id, label: labelOf(deal) });
      }}
    />
  );
}
