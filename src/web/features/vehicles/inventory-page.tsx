import { useEffect } from 'react';
import { Link } from 'react-router';
import { Car, CheckCircle2, Clock, DollarSign, Download, HandCoins, Plus } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ListPager } from '@/components/list-pager';
import { InlineLoading } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { SummaryCard } from '@/components/summary-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents } from '@/lib/format';
import { notifyError } from '@/lib/toast';
import { useVehicleList, useVehicleSummary } from './api';
import { useVehicleListParams } from './list-params';
import { VehicleSearchBox } from './search-box';
import { VehicleFilters } from './vehicle-filters';
import { VehiclesTable } from './vehicles-table';

export function InventoryPage() {
  const list = useVehicleListParams();
  const vehicles = useVehicleList(list.listQuery);
  const summary = useVehicleSummary(list.filterQuery);

  useEffect(() => {
    if (vehicles.isError) notifyError('Error', 'Failed to fetch vehicles');
  }, [vehicles.isError]);

  const count = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-US'));
  const filtered = Boolean(list.params.q) || list.activeFilterCount > 0;
  const items = vehicles.data?.items ?? [];

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Inventory Management"
        description="Manage your vehicle inventory and track availability"
        actions={
          <Button asChild>
            <Link to="/inventory/new">
              <Plus /> Add Vehicle
            </Link>
          </Button>
        }
      />

      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-5">
        <SummaryCard title="Total Vehicles" value={count(summary.data?.total)} icon={Car} />
        <SummaryCard title="Available" value={count(summary.data?.available)} icon={CheckCircle2} />
        <SummaryCard title="Pending" value={count(summary.data?.pending)} icon={Clock} />
        <SummaryCard title="Sold" value={count(summary.data?.sold)} icon={HandCoins} />
        <div className="col-span-2 2xl:col-span-1">
          <SummaryCard
            title="Total Value"
            value={summary.data ? formatCents(summary.data.total_value_cents) : '—'}
            icon={DollarSign}
          />
        </div>
      </div>

      <div className="flex flex-wrap gap-2">
        <VehicleSearchBox value={list.params.q} onSearch={list.setSearch} />
        <div className="flex gap-2">
          <VehicleFilters params={list.params} activeCount={list.activeFilterCount} onFilters={list.setFilters} onSort={list.setSort} />
          <Button variant="outline" asChild>
            <a href={`/api/vehicles/export.csv?${list.filterQuery}`} download>
              <Download /> Export
            </a>
          </Button>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Vehicle Inventory</CardTitle>
          <CardDescription>
            {filtered ? 'Vehicles matching your search and filters' : 'All vehicles in your inventory'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {vehicles.isPending ? (
            <InlineLoading message="Loading vehicles..." />
          ) : items.length === 0 ? (
            <EmptyState message="No vehicles found." linkTo="/inventory/new" linkText="Add your first vehicle" />
          ) : (
            <div className={vehicles.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <VehiclesTable vehicles={items} />
            </div>
          )}
          <ListPager
            hasPrevious={list.params.pages.length > 0}
            nextCursor={vehicles.data?.nextCursor}
            onPrevious={list.previous}
            onNext={list.next}
            label={`Page ${list.params.pages.length + 1}`}
          />
        </CardContent>
      </Card>
    </div>
  );
}
