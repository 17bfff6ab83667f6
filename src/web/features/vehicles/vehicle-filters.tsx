import { vehicleStatuses } from '@shared/vehicles/options';
import { MakeSuggestions } from './make-suggestions';
import { vehicleFilterSchema, vehicleSortLabels, vehicleSorts } from '@shared/vehicles/queries';
import { ChoiceFilter, FilterPanel, FilterProblem, useCheckedFilters } from '@/components/filter-panel';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedText } from '@/hooks/use-debounced-text';
import type { ListControls } from '@/lib/use-list-params';
import type { FilterKey } from './list-params';
import { toCents, toDollars } from '@shared/money';

const TYPING_DELAY_MS = 400;

/** A typed filter value, applied once typing pauses; what is wrong with it shows under it. */
function TypedFilter({
  id,
  label,
  value,
  problem,
  onCommit,
  ...input
}: { id: string; label: string; value: string; problem?: string; onCommit: (value: string) => void } & Omit<
  React.ComponentProps<'input'>,
  'value' | 'id'
>) {
  const [text, setText] = useDebouncedText(value, onCommit, TYPING_DELAY_MS);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${id}-problem` : undefined}
        {...input}
      />
      <FilterProblem id={`${id}-problem`} message={problem} />
    </div>
  );
}

const centsToDollars = (cents: string) => (cents && /^\d+$/.test(cents) ? String(toDollars(Number(cents))) : cents);
/** Dollars as typed → cents as the API takes them; anything else is passed on for the schema to name. */
const dollarsToCents = (dollars: string) => {
  const value = Number(dollars.replaceAll(',', ''));
  return dollars && Number.isFinite(value) && value >= 0 ? String(toCents(value)) : dollars;
};

/** The Filter button: status, make, year range, price range and sort, applied as they change. */
export function VehicleFilters({ list }: { list: ListControls<FilterKey> }) {
  const { filters } = list.params;
  // A value the list cannot use is not applied: the field says why instead.
  const { problems, apply: commit } = useCheckedFilters(list, vehicleFilterSchema);
  return (
    <FilterPanel list={list} sorts={vehicleSorts} sortLabels={vehicleSortLabels}>
      <ChoiceFilter
        id="filter-status"
        label="Status"
        value={filters.status}
        options={vehicleStatuses}
        allLabel="All statuses"
        onChange={(v) => list.setFilter('status', v)}
      />
      <TypedFilter
        id="filter-make"
        label="Make"
        value={filters.make}
        problem={problems.make}
        onCommit={(v) => commit('make', v)}
        list="filter-make-options"
        placeholder="Any make"
        autoComplete="off"
      />
      <MakeSuggestions id="filter-make-options" />
      <div className="grid grid-cols-2 gap-2">
        <TypedFilter
          id="filter-year-min"
          label="Year from"
          value={filters.year_min}
          problem={problems.year_min}
          onCommit={(v) => commit('year_min', v)}
          inputMode="numeric"
          placeholder="Any"
        />
        <TypedFilter
          id="filter-year-max"
          label="Year to"
          value={filters.year_max}
          problem={problems.year_max}
          onCommit={(v) => commit('year_max', v)}
          inputMode="numeric"
          placeholder="Any"
        />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <TypedFilter
          id="filter-price-min"
          label="Price from ($)"
          value={centsToDollars(filters.price_min)}
          problem={problems.price_min}
          onCommit={(v) => commit('price_min', dollarsToCents(v))}
          inputMode="decimal"
          placeholder="Any"
        />
        <TypedFilter
          id="filter-price-max"
          label="Price to ($)"
          value={centsToDollars(filters.price_max)}
          problem={problems.price_max}
          onCommit={(v) => commit('price_max', dollarsToCents(v))}
          inputMode="decimal"
          placeholder="Any"
        />
      </div>
    </FilterPanel>
  );
}
