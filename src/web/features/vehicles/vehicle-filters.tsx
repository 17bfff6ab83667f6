import { makeSuggestions, vehicleStatuses } from '@shared/vehicles/options';
import { vehicleSortLabels, vehicleSorts } from '@shared/vehicles/queries';
import { ChoiceFilter, FilterPanel } from '@/components/filter-panel';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedText } from '@/hooks/use-debounced-text';
import type { ListControls } from '@/lib/use-list-params';
import type { FilterKey } from './list-params';

const TYPING_DELAY_MS = 400;

/** A typed filter value, applied once typing pauses. */
function TypedFilter({
  id,
  label,
  value,
  onCommit,
  ...input
}: { id: string; label: string; value: string; onCommit: (value: string) => void } & Omit<React.ComponentProps<'input'>, 'value' | 'id'>) {
  const [text, setText] = useDebouncedText(value, onCommit, TYPING_DELAY_MS);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={text} onChange={(e) => setText(e.target.value)} {...input} />
    </div>
  );
}

const centsToDollars = (cents: string) => (cents ? String(Number(cents) / 100) : '');
const dollarsToCents = (dollars: string) => {
  const value = Number(dollars);
  return dollars && Number.isFinite(value) && value >= 0 ? String(Math.round(value * 100)) : '';
};
const wholeYear = (year: string) => (/^\d{1,4}$/.test(year) ? year : '');

/** The Filter button: status, make, year range, price range and sort, applied as they change. */
export function VehicleFilters({ list }: { list: ListControls<FilterKey> }) {
  const { filters } = list.params;
  return (
    <FilterPanel list={list} sorts={vehicleSorts} sortLabels={vehicleSortLabels}>
      <ChoiceFilter id="filter-status" label="Status" value={filters.status} options={vehicleStatuses} allLabel="All statuses" onChange={(v) => list.setFilter('status', v)} />
      <TypedFilter id="filter-make" label="Make" value={filters.make} onCommit={(v) => list.setFilter('make', v)} list="filter-make-options" placeholder="Any make" autoComplete="off" />
      <datalist id="filter-make-options">
        {makeSuggestions.map((make) => (
          <option key={make} value={make} />
        ))}
      </datalist>
      <div className="grid grid-cols-2 gap-2">
        <TypedFilter id="filter-year-min" label="Year from" value={filters.year_min} onCommit={(v) => list.setFilter('year_min', wholeYear(v))} inputMode="numeric" placeholder="Any" />
        <TypedFilter id="filter-year-max" label="Year to" value={filters.year_max} onCommit={(v) => list.setFilter('year_max', wholeYear(v))} inputMode="numeric" placeholder="Any" />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <TypedFilter
          id="filter-price-min"
          label="Price from ($)"
          value={centsToDollars(filters.price_min)}
          onCommit={(v) => list.setFilter('price_min', dollarsToCents(v))}
          inputMode="decimal"
          placeholder="Any"
        />
        <TypedFilter
          id="filter-price-max"
          label="Price to ($)"
          value={centsToDollars(filters.price_max)}
          onCommit={(v) => list.setFilter('price_max', dollarsToCents(v))}
          inputMode="decimal"
          placeholder="Any"
        />
      </div>
    </FilterPanel>
  );
}
