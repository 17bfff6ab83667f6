import { carPreferences, customerStatuses, leadSources } from '@shared/customers/options';
import { customerFilterSchema, customerSortLabels, customerSorts } from '@shared/customers/schemas';
import { ChoiceFilter, FilterPanel, FilterProblem, FlagFilter, useCheckedFilters } from '@/components/filter-panel';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ListControls } from '@/lib/use-list-params';
import { useSettings } from '@/features/settings/api';
import type { FilterKey } from './list-params';

const SOLD = 'sold';
/** Customers with an open task due today or before. */
const DUE = 'task due';

/** One end of the 'Added' range, applied as it changes; what is wrong with it shows under it. */
function DayFilter({
  id,
  label,
  value,
  min,
  max,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  problem?: string;
  onChange: (day: string) => void;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        defaultValue={value}
        key={`${id}-${value}`}
        min={min || undefined}
        max={max || undefined}
        aria-invalid={Boolean(problem)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FilterProblem id={`${id}-problem`} message={problem} />
    </div>
  );
}

/**
 * The Filter button: status, car preference, lead source, stage, a completed sale, a task due, date added and sort,
 * applied as they change.
 */
export function CustomerFilters({ list }: { list: ListControls<FilterKey> }) {
  const { filters } = list.params;
  // A day the list cannot use ('Added to' before 'Added from') is not applied: the field says why instead.
  const { problems, apply: setDay } = useCheckedFilters(list, customerFilterSchema);
  const stages = useSettings().data?.crm.pipeline_stages ?? (filters.stage_from ? [filters.stage_from] : []);
  const choices: { filter: FilterKey; id: string; label: string; options: readonly string[]; allLabel: string }[] = [
    { filter: 'status', id: 'filter-status', label: 'Status', options: customerStatuses, allLabel: 'All statuses' },
    {
      filter: 'preference',
      id: 'filter-preference',
      label: 'Car Preference',
      options: carPreferences,
      allLabel: 'Any preference',
    },
    { filter: 'source', id: 'filter-source', label: 'Lead Source', options: leadSources, allLabel: 'Any source' },
    {
      filter: 'stage_from',
      id: 'filter-stage',
      label: 'Pipeline stage (or later)',
      options: stages.slice(1),
      allLabel: 'Any stage',
    },
  ];
  return (
    <FilterPanel list={list} sorts={customerSorts} sortLabels={customerSortLabels}>
      {choices.map((choice) => (
        <ChoiceFilter
          key={choice.filter}
          list={list}
          filter={choice.filter}
          id={choice.id}
          label={choice.label}
          options={choice.options}
          allLabel={choice.allLabel}
        />
      ))}
      <FlagFilter list={list} filter="sold" id="filter-sold" label="Completed sale" option={SOLD} allLabel="Any customer" />
      <FlagFilter
        list={list}
        filter="follow_up"
        id="filter-follow-up"
        label="Needs follow-up"
        option={DUE}
        allLabel="Any customer"
      />
      <div className="grid grid-cols-2 gap-2">
        <DayFilter
          id="filter-added-from"
          label="Added from"
          value={filters.added_from}
          max={filters.added_to}
          problem={problems.added_from}
          onChange={(day) => setDay('added_from', day)}
        />
        <DayFilter
          id="filter-added-to"
          label="Added to"
          value={filters.added_to}
          min={filters.added_from}
          problem={problems.added_to}
          onChange={(day) => setDay('added_to', day)}
        />
      </div>
    </FilterPanel>
  );
}
