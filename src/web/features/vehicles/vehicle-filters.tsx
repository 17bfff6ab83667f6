import { useEffect, useRef, useState } from 'react';
import { Filter } from 'lucide-react';
import { makeSuggestions, vehicleStatuses } from '@shared/vehicles/options';
import { vehicleSortLabels, vehicleSorts } from '@shared/vehicles/queries';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { noFilters, type FilterKey, type Filters, type ListParams } from './list-params';

const ALL = 'all';
const TYPING_DELAY_MS = 400;

/** A typed filter value, applied once typing pauses. */
function TypedFilter({
  id,
  label,
  value,
  onCommit,
  ...input
}: { id: string; label: string; value: string; onCommit: (value: string) => void } & Omit<React.ComponentProps<'input'>, 'value' | 'id'>) {
  const [text, setText] = useState(value);
  // What was last sent, so a value the filter cannot use (a year of 5 digits) is not sent again and again.
  const sent = useRef(value);
  useEffect(() => {
    setText(value);
    sent.current = value;
  }, [value]);
  useEffect(() => {
    const typed = text.trim();
    if (typed === value || typed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = typed;
      onCommit(typed);
    }, TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);
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
export function VehicleFilters({
  params,
  activeCount,
  onFilters,
  onSort,
}: {
  params: ListParams;
  activeCount: number;
  onFilters: (filters: Filters) => void;
  onSort: (sort: string) => void;
}) {
  const set = (key: FilterKey) => (value: string) => onFilters({ ...params.filters, [key]: value });
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
        <div className="grid gap-1.5">
          <Label htmlFor="filter-status">Status</Label>
          <Select value={params.filters.status || ALL} onValueChange={(v) => set('status')(v === ALL ? '' : v)}>
            <SelectTrigger id="filter-status" className="w-full capitalize">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {vehicleStatuses.map((status) => (
                <SelectItem key={status} value={status} className="capitalize">
                  {status}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <TypedFilter id="filter-make" label="Make" value={params.filters.make} onCommit={set('make')} list="filter-make-options" placeholder="Any make" autoComplete="off" />
        <datalist id="filter-make-options">
          {makeSuggestions.map((make) => (
            <option key={make} value={make} />
          ))}
        </datalist>
        <div className="grid grid-cols-2 gap-2">
          <TypedFilter id="filter-year-min" label="Year from" value={params.filters.year_min} onCommit={(v) => set('year_min')(wholeYear(v))} inputMode="numeric" placeholder="Any" />
          <TypedFilter id="filter-year-max" label="Year to" value={params.filters.year_max} onCommit={(v) => set('year_max')(wholeYear(v))} inputMode="numeric" placeholder="Any" />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <TypedFilter
            id="filter-price-min"
            label="Price from ($)"
            value={centsToDollars(params.filters.price_min)}
            onCommit={(v) => set('price_min')(dollarsToCents(v))}
            inputMode="decimal"
            placeholder="Any"
          />
          <TypedFilter
            id="filter-price-max"
            label="Price to ($)"
            value={centsToDollars(params.filters.price_max)}
            onCommit={(v) => set('price_max')(dollarsToCents(v))}
            inputMode="decimal"
            placeholder="Any"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-sort">Sort by</Label>
          <Select value={params.sort || 'newest'} onValueChange={(v) => onSort(v === 'newest' ? '' : v)}>
            <SelectTrigger id="filter-sort" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {vehicleSorts.map((sort) => (
                <SelectItem key={sort} value={sort}>
                  {vehicleSortLabels[sort]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button variant="ghost" size="sm" onClick={() => onFilters(noFilters)} disabled={activeCount === 0} className="justify-self-start">
          Clear filters
        </Button>
      </PopoverContent>
    </Popover>
  );
}
