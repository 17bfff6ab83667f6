import { Filter } from 'lucide-react';
import { carPreferences, customerStatuses, leadSources } from '@shared/customers/options';
import { customerSortLabels, customerSorts } from '@shared/customers/schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { FilterKey, ListParams } from './list-params';

const ALL = 'all';

function ChoiceFilter({
  id,
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  allLabel: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || ALL} onValueChange={(v) => onChange(v === ALL ? '' : v)}>
        <SelectTrigger id={id} className="w-full capitalize">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option} value={option} className="capitalize">
              {option}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The Filter button: status, car preference, lead source, date added and sort, applied as they change. */
export function CustomerFilters({
  params,
  activeCount,
  onFilters,
  onSort,
}: {
  params: ListParams;
  activeCount: number;
  onFilters: (filters: Record<FilterKey, string>) => void;
  onSort: (sort: string) => void;
}) {
  const set = (key: FilterKey) => (value: string) => onFilters({ ...params.filters, [key]: value });
  const clear = () => onFilters({ status: '', preference: '', source: '', added_from: '', added_to: '' });
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline">
          <Filter /> Filter
          {activeCount > 0 && (
            <Badge variant="secondary" className="ml-1" aria-label={`${activeCount} filters on`}>
              {activeCount}
            </Badge>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="grid w-80 max-w-[calc(100vw-2rem)] gap-3">
        <ChoiceFilter id="filter-status" label="Status" value={params.filters.status} options={customerStatuses} allLabel="All statuses" onChange={set('status')} />
        <ChoiceFilter id="filter-preference" label="Car Preference" value={params.filters.preference} options={carPreferences} allLabel="Any preference" onChange={set('preference')} />
        <ChoiceFilter id="filter-source" label="Lead Source" value={params.filters.source} options={leadSources} allLabel="Any source" onChange={set('source')} />
        <div className="grid grid-cols-2 gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="filter-added-from">Added from</Label>
            <Input id="filter-added-from" type="date" value={params.filters.added_from} max={params.filters.added_to || undefined} onChange={(e) => set('added_from')(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="filter-added-to">Added to</Label>
            <Input id="filter-added-to" type="date" value={params.filters.added_to} min={params.filters.added_from || undefined} onChange={(e) => set('added_to')(e.target.value)} />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-sort">Sort by</Label>
          <Select value={params.sort || 'newest'} onValueChange={(v) => onSort(v === 'newest' ? '' : v)}>
            <SelectTrigger id="filter-sort" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {customerSorts.map((sort) => (
                <SelectItem key={sort} value={sort}>
                  {customerSortLabels[sort]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button variant="ghost" size="sm" onClick={clear} disabled={activeCount === 0} className="justify-self-start">
          Clear filters
        </Button>
      </PopoverContent>
    </Popover>
  );
}
