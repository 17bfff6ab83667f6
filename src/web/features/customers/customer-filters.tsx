import { carPreferences, customerStatuses, leadSources } from '@shared/customers/options';
import { customerFilterSchema, customerSortLabels, customerSorts } from '@shared/customers/schemas';
import { ChoiceFilter, FilterPanel, FilterProblem, useCheckedFilters } from '@/components/filter-panel';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ListControls } from '@/lib/use-list-params';
import { useSettings } from '@/features/settings/api';
import type { FilterKey } from './list-params';

const SOLD = 'sold';
/** Customers with an open task due today or before. */
const DUE = 'task due';

/**
 * The Filter button: status, car preference, lead source, stage, a completed sale, a task due, date added and sort,
 * applied as they change.
 */
export function CustomerFilters({ list }: { list: ListControls<FilterKey> }) {
  const { filters } = list.params;
  // A day the list cannot use ('Added to' before 'Added from') is not applied: the field says why instead.
  const { problems, apply: setDay } = useCheckedFilters(list, customerFilterSchema);
  const stages = useSettings().data?.crm.pipeline_stages ?? (filters.stage_from ? [filters.stage_from] : []);
  return (
    <FilterPanel list={list} sorts={customerSorts} sortLabels={customerSortLabels}>
      <ChoiceFilter
        id="filter-status"
        label="Status"
        value={filters.status}
        options={customerStatuses}
        allLabel="All statuses"
        onChange={(v) => list.setFilter('status', v)}
      />
      <ChoiceFilter
        id="filter-preference"
        label="Car Preference"
        value={filters.preference}
        options={carPreferences}
        allLabel="Any preference"
        onChange={(v) => list.setFilter('preference', v)}
      />
      <ChoiceFilter
        id="filter-source"
        label="Lead Source"
        value={filters.source}
        options={leadSources}
        allLabel="Any source"
        onChange={(v) => list.setFilter('source', v)}
      />
      <ChoiceFilter
        id="filter-stage"
        label="Pipeline stage (or later)"
        value={filters.stage_from}
        options={stages.slice(1)}
        allLabel="Any stage"
        onChange={(v) => list.setFilter('stage_from', v)}
      />
      <ChoiceFilter
        id="filter-sold"
        label="Completed sale"
        value={filters.sold ? SOLD : ''}
        options={[SOLD]}
        allLabel="Any customer"
        onChange={(v) => list.setFilter('sold', v ? '1' : '')}
      />
      <ChoiceFilter
        id="filter-follow-up"
        label="Needs follow-up"
        value={filters.follow_up ? DUE : ''}
        options={[DUE]}
        allLabel="Any customer"
        onChange={(v) => list.setFilter('follow_up', v ? '1' : '')}
      />
      <div className="grid grid-cols-2 gap-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor="filter-added-from">Added from</Label>
          <Input
            id="filter-added-from"
            type="date"
            defaultValue={filters.added_from}
            key={`from-${filters.added_from}`}
            max={filters.added_to || undefined}
            aria-invalid={Boolean(problems.added_from)}
            onChange={(e) => setDay('added_from', e.target.value)}
          />
          <FilterProblem id="filter-added-from-problem" message={problems.added_from} />
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor="filter-added-to">Added to</Label>
          <Input
            id="filter-added-to"
            type="date"
            defaultValue={filters.added_to}
            key={`to-${filters.added_to}`}
            min={filters.added_from || undefined}
            aria-invalid={Boolean(problems.added_to)}
            onChange={(e) => setDay('added_to', e.target.value)}
          />
          <FilterProblem id="filter-added-to-problem" message={problems.added_to} />
        </div>
      </div>
    </FilterPanel>
  );
}
