import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Download, Plus, Search, UserCheck, UserPlus, Users } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ListPager } from '@/components/list-pager';
import { InlineLoading } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { SummaryCard } from '@/components/summary-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { notifyError } from '@/lib/toast';
import { useCustomerList, useCustomerSummary } from './api';
import { CustomerFilters } from './customer-filters';
import { CustomersTable } from './customers-table';
import { useCustomerListParams } from './list-params';

/** Typing waits this long before the list follows, so each keystroke is not a request. */
const SEARCH_DELAY_MS = 300;

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="relative min-w-0 flex-1 basis-full sm:basis-0">
      <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2" aria-hidden />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search customers by name or email..."
        aria-label="Search customers"
        className="pl-8"
      />
    </div>
  );
}

export function CustomersPage() {
  const list = useCustomerListParams();
  const customers = useCustomerList(list.listQuery);
  const summary = useCustomerSummary(list.filterQuery);

  useEffect(() => {
    if (customers.isError) notifyError('Error', 'Failed to fetch customers');
  }, [customers.isError]);

  const count = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-US'));
  const filtered = Boolean(list.params.q) || list.activeFilterCount > 0;
  const items = customers.data?.items ?? [];

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Customer Management"
        description="Manage your customer relationships and track their preferences"
        actions={
          <Button asChild>
            <Link to="/customers/new">
              <Plus /> Add Customer
            </Link>
          </Button>
        }
      />

      <div className="flex flex-wrap gap-2">
        <SearchBox value={list.params.q} onSearch={list.setSearch} />
        <div className="flex gap-2">
          <CustomerFilters params={list.params} activeCount={list.activeFilterCount} onFilters={list.setFilters} onSort={list.setSort} />
          <Button variant="outline" asChild>
            <a href={`/api/customers/export.csv?${list.filterQuery}`} download>
              <Download /> Export
            </a>
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard title="Total Customers" value={count(summary.data?.total)} icon={Users} />
        <SummaryCard title="Active Customers" value={count(summary.data?.active)} icon={UserCheck} />
        <SummaryCard title="Prospects" value={count(summary.data?.prospects)} icon={UserPlus} />
        <SummaryCard
          title="Total Customers"
          value={summary.isFetching ? 'Loading...' : count(summary.data?.total)}
          icon={Users}
          hint={summary.data && !summary.isFetching ? `${count(summary.data.inactive)} inactive` : undefined}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Customer Database</CardTitle>
          <CardDescription>
            {filtered ? 'Customers matching your search and filters' : 'All your customers and their preferences'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {customers.isPending ? (
            <InlineLoading message="Loading customers..." />
          ) : items.length === 0 ? (
            <EmptyState message="No customers found." linkTo="/customers/new" linkText="Add your first customer" />
          ) : (
            <div className={customers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <CustomersTable customers={items} />
            </div>
          )}
          <ListPager
            hasPrevious={list.params.pages.length > 0}
            nextCursor={customers.data?.nextCursor}
            onPrevious={list.previous}
            onNext={list.next}
            label={`Page ${list.params.pages.length + 1}`}
          />
        </CardContent>
      </Card>
    </div>
  );
}
