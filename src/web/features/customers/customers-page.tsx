import { useState } from 'react';
import { Link } from 'react-router';
import { Plus, UserCheck, UserPlus, Users } from 'lucide-react';
import { PagedListCard } from '@/components/paged-list';
import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/search-box';
import { SummaryCard } from '@/components/summary-card';
import { Button } from '@/components/ui/button';
import { ImportButton } from '@/features/imports';
import { formatCount } from '@/lib/format';
import { useFailureToast } from '@/lib/toast';
import { useCustomerList, useCustomerSummary } from './api';
import { CustomerFilters } from './customer-filters';
import { CustomersTable } from './customers-table';
import { seesAllRecords } from '@shared/users/roles';
import { useCurrentSession } from '@/features/auth/api';
import { SelectionBar } from '@/features/team';
import { useSelection } from '@/hooks/use-selection';
import { useCustomerListParams } from './list-params';
import { customersApi } from '@shared/customers/api';
import { urlOf } from '@/lib/contract';

export function CustomersPage() {
  const list = useCustomerListParams();
  const customers = useCustomerList(list.listQuery);
  // A broad search's cards read '1,000+' until the user asks for the exact figures of that search.
  const [exactFor, setExactFor] = useState<string | null>(null);
  const exact = exactFor === list.filterQuery;
  const summaryQuery = useCustomerSummary(exact ? `${list.filterQuery}&exact=1` : list.filterQuery);
  // A failed count shows as unknown ('—'), never as the figures of the filter before.
  const summary = { ...summaryQuery, data: summaryQuery.isError ? undefined : summaryQuery.data };
  // Above the bound the total reads '1,000+' and the status figures 'Count'; either counts that search exactly.
  const figure = (value: number | null | undefined) => {
    const bound = summary.data?.bound;
    if (bound === null || bound === undefined) return formatCount(value ?? undefined);
    return (
      <button
        type="button"
        className="hover:text-primary cursor-pointer underline decoration-dotted underline-offset-4"
        title="Count exactly"
        onClick={() => setExactFor(list.filterQuery)}
      >
        {value === null || value === undefined ? 'Count' : `${formatCount(bound)}+`}
        <span className="sr-only"> (count exactly)</span>
      </button>
    );
  };
  useFailureToast(customers.isError, 'Failed to fetch customers');
  // Admins and editors pick rows to hand them to another agent at once.
  const { user } = useCurrentSession();
  const picking = useSelection(list.listQuery);
  const selection = seesAllRecords(user.role) ? picking : undefined;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Customer Management"
        description="Manage your customer relationships and track their preferences"
        actions={
          <>
            <ImportButton kind="customers" />
            <Button asChild>
              <Link to="/customers/new">
                <Plus /> Add Customer
              </Link>
            </Button>
          </>
        }
      />

      <ListToolbar
        search={
          <SearchBox
            value={list.params.q}
            onSearch={list.setSearch}
            label="Search customers"
            placeholder="Search customers by name or email..."
            className="basis-full sm:basis-0"
          />
        }
        filters={<CustomerFilters list={list} />}
        exportHref={urlOf(customersApi.exportCsv, { query: list.filterQuery })}
      />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard title="Total Customers" value={figure(summary.data?.total)} icon={Users} />
        <SummaryCard title="Active Customers" value={figure(summary.data?.active)} icon={UserCheck} />
        <SummaryCard title="Prospects" value={figure(summary.data?.prospects)} icon={UserPlus} />
        <SummaryCard
          title="Total Customers"
          value={summary.isFetching ? 'Loading...' : figure(summary.data?.total)}
          icon={Users}
          hint={summary.data && !summary.isFetching ? <>{figure(summary.data.inactive)} inactive</> : undefined}
        />
      </div>

      <PagedListCard
        title="Customer Database"
        description={list.isFiltered ? 'Customers matching your search and filters' : 'All your customers and their preferences'}
        list={customers}
        loadingMessage="Loading customers..."
        failedMessage="Failed to fetch customers"
        empty={{ message: 'No customers found.', linkTo: '/customers/new', linkText: 'Add your first customer' }}
        paging={list.paging}
      >
        <div className="grid gap-3">
          {selection && <SelectionBar kind="customers" selected={selection.selected} onClear={selection.clear} />}
          <CustomersTable customers={customers.data?.items ?? []} selection={selection} />
        </div>
      </PagedListCard>
    </div>
  );
}
