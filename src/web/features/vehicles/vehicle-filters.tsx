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

const same = (value: string) => value;

/** A range typed as its two ends side by side ('Year from', 'Year to'), each applied once typing pauses. */
function RangeFilter({
  range,
  label,
  unit = '',
  inputMode,
  filters,
  problems,
  commit,
  show = same,
  read = same,
}: {
  range: 'year' | 'price';
  label: string;
  /** After each end's label: ' ($)'. */
  unit?: string;
  inputMode: 'numeric' | 'decimal';
  filters: Record<FilterKey, string>;
  problems: Partial<Record<FilterKey, string>>;
  commit: (key: FilterKey, value: string) => void;
  /** The filter's value as the field shows it, and the field's text as the filter takes it. */
  show?: (value: string) => string;
  read?: (text: string) => string;
}) {
  const ends = [
    ['min', 'from'],
    ['max', 'to'],
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-2">
      {ends.map(([end, word]) => {
        const key = `${range}_${end}` as const;
        return (
          <TypedFilter
            key={end}
            id={`filter-${range}-${end}`}
            label={`${label} ${word}${unit}`}
            value={show(filters[key])}
            problem={problems[key]}
            onCommit={(v) => commit(key, read(v))}
            inputMode={inputMode}
            placeholder="Any"
          />
        );
      })}
    </div>
  );
}

/** The Filter button: status, make, year range, price range and sort, applied as they change. */
export function VehicleFilters({ list }: { list: ListControls<FilterKey> }) {
  const { filters } = list.params;
  // A value the list cannot use is not applied: the field says why instead.
  const { problems, apply: commit } = useCheckedFilters(list, vehicleFilterSchema);
  return (
    <FilterPanel list={list} sorts={vehicleSorts} sortLabels={vehicleSortLabels}>
      <ChoiceFilter
        list={list}
        filter="status"
        id="filter-status"
        label="Status"
        options={vehicleStatuses}
        allLabel="All statuses"
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
      <RangeFilter range="year" label="Year" inputMode="numeric" filters={filters} problems={problems} commit={commit} />
      <RangeFilter
        range="price"
        label="Price"
        unit=" ($)"
        inputMode="decimal"
        filters={filters}
        problems={problems}
        commit={commit}
        show={centsToDollars}
        read={dollarsToCents}
      />
    </FilterPanel>
  );
}
