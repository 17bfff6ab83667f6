import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Filter } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const ALL = 'all';

/**
 * A list's Filter button: the area's filters, then Sort by and Clear filters, applied as they change. The button
 * shows how many filters are on.
 */
export function FilterPanel<S extends string>({
  list,
  sorts,
  sortLabels,
  children,
}: {
  list: { params: { sort: string }; activeFilterCount: number; clearFilters: () => void; setSort: (sort: string) => void };
  /** The first is the default, kept out of the address. */
  sorts: readonly S[];
  sortLabels: Record<S, string>;
  children: ReactNode;
}) {
  const activeCount = list.activeFilterCount;
  const [defaultSort] = sorts;
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
        {children}
        <div className="grid gap-1.5">
          <Label htmlFor="filter-sort">Sort by</Label>
          <Select value={list.params.sort || defaultSort} onValueChange={(v) => list.setSort(v === defaultSort ? '' : v)}>
            <SelectTrigger id="filter-sort" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {sorts.map((option) => (
                <SelectItem key={option} value={option}>
                  {sortLabels[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button variant="ghost" size="sm" onClick={list.clearFilters} disabled={activeCount === 0} className="justify-self-start">
          Clear filters
        </Button>
      </PopoverContent>
    </Popover>
  );
}

/** The part of a list's controls a filter reads and sets. */
type FilterList<K extends string> = { params: { filters: Record<K, string> }; setFilter: (key: K, value: string) => void };

/** A select of `options` with an 'all' choice that stands for no value. */
function ChoiceSelect({
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

/** One filter of the list chosen from `options` ('Status'), with an 'all' choice that clears it. */
export function ChoiceFilter<K extends string>({
  list,
  filter,
  id,
  label,
  options,
  allLabel,
}: {
  list: FilterList<K>;
  filter: K;
  id: string;
  label: string;
  options: readonly string[];
  allLabel: string;
}) {
  return (
    <ChoiceSelect
      id={id}
      label={label}
      value={list.params.filters[filter]}
      options={options}
      allLabel={allLabel}
      onChange={(v) => list.setFilter(filter, v)}
    />
  );
}

/** A yes-or-any filter ('Completed sale'): its one choice sets the filter to '1', 'any' clears it. */
export function FlagFilter<K extends string>({
  list,
  filter,
  id,
  label,
  option,
  allLabel,
}: {
  list: FilterList<K>;
  filter: K;
  id: string;
  label: string;
  /** The choice's words ('sold'). */
  option: string;
  allLabel: string;
}) {
  return (
    <ChoiceSelect
      id={id}
      label={label}
      value={list.params.filters[filter] ? option : ''}
      options={[option]}
      allLabel={allLabel}
      onChange={(v) => list.setFilter(filter, v ? '1' : '')}
    />
  );
}

/**
 * A filter value is applied only when the shared filter schema the server applies can use it with the others; else
 * `problems` says what is wrong, by field, in that schema's words ('Enter a year such as 2020', "'Year to' can't be
 * before 'Year from'").
 */
export function useCheckedFilters<K extends string>(
  list: { params: { filters: Record<K, string> }; setFilter: (key: K, value: string) => void },
  schema: z.ZodType,
) {
  const [problems, setProblems] = useState<Partial<Record<K, string>>>({});
  const apply = (key: K, value: string) => {
    const result = schema.safeParse({ ...list.params.filters, [key]: value });
    const found = result.success ? [] : result.error.issues.map((issue) => [String(issue.path[0]), issue.message]);
    setProblems(Object.fromEntries(found) as Partial<Record<K, string>>);
    if (result.success) list.setFilter(key, value);
  };
  return { problems, apply };
}

/** A filter field's message, under the field. */
export function FilterProblem({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-destructive text-xs">
      {message}
    </p>
  );
}
