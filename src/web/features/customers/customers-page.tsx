import { Link } from 'react-router';
import { Plus, UserCheck, UserPlus, Users } from 'lucide-react';
import { PagedListCard } from '@/components/paged-list';
import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/search-box';
import { SummaryCard } from '@/components/summary-card';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { useFailureToast } from '@/lib/toast';
import { useCustomerList, useCustomerSummary } from './api';
import { CustomerFilters } from './customer-filters';
import { CustomersTable } from './customers-table';
import { useCustomerListParams } from './list-params';

export function CustomersPage() {
  const list = useCustomerListParams();
  const customers = useCustomerList(list.listQuery);
  const summaryQuery = useCustomerSummary(list.filterQuery);
  // A failed count shows as unknown ('—'), never as the figures of the filter before.
  const summary = { ...summaryQuery, data: summaryQuery.isError ? undefined : summaryQuery.data };
  useFailureToast(customers.isError, 'Failed to fetch customers');

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
        exportHref={`/api/customers/export.csv?${list.filterQuery}`}
      />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard title="Total Customers" value={formatCount(summary.data?.total)} icon={Users} />
        <SummaryCard title="Active Customers" value={formatCount(summary.data?.active)} icon={UserCheck} />
        <SummaryCard title="Prospects" value={formatCount(summary.data?.prospects)} icon={UserPlus} />
        <SummaryCard
          title="Total Customers"
          value={summary.isFetching ? 'Loading...' : formatCount(summary.data?.total)}
          icon={Users}
          hint={summary.data && !summary.isFetching ? `${formatCount(summary.data.inactive)} inactive` : undefined}
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
        <CustomersTable customers={customers.data?.items ?? []} />
      </PagedListCard>
    </div>
  );
}
