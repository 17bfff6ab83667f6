import { Link } from 'react-router';
import { INVENTORY_VALUE_NOTE, vehicleStatusLabels, vehicleStatuses, type VehicleStatus } from '@shared/vehicles/options';
import { BookmarkCheck, Car, CheckCircle2, Clock, DollarSign, HandCoins, Plus, type LucideIcon } from 'lucide-react';
import { PagedListCard } from '@/components/paged-list';
import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/search-box';
import { SummaryCard } from '@/components/summary-card';
import { Button } from '@/components/ui/button';
import { ImportButton } from '@/features/imports';
import { formatCents, formatCount } from '@/lib/format';
import { useFailureToast } from '@/lib/toast';
import { useVehicleList, useVehicleSummary } from './api';
import { useVehicleListParams } from './list-params';
import { VehicleFilters } from './vehicle-filters';
import { VehiclesTable } from './vehicles-table';
import { seesAllRecords } from '@shared/users/roles';
import { useCurrentSession } from '@/features/auth/api';
import { SelectionBar } from '@/features/team';
import { useSelection } from '@/hooks/use-selection';
import { vehiclesApi } from '@shared/vehicles/api';
import { urlOf } from '@/lib/contract';

const statusIcons: Record<VehicleStatus, LucideIcon> = {
  available: CheckCircle2,
  pending: Clock,
  sold: HandCoins,
  reserved: BookmarkCheck,
};

export function InventoryPage() {
  const list = useVehicleListParams();
  const vehicles = useVehicleList(list.listQuery);
  // Admins and editors pick rows to hand them to another agent at once.
  const { user } = useCurrentSession();
  const picking = useSelection(list.listQuery);
  const selection = seesAllRecords(user.role) ? picking : undefined;
  const summaryQuery = useVehicleSummary(list.filterQuery);
  // A failed count shows as unknown ('—'), never as the figures of the filter before.
  const summary = { data: summaryQuery.isError ? undefined : summaryQuery.data };
  useFailureToast(vehicles.isError, 'Failed to fetch vehicles');

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Inventory Management"
        description="Manage your vehicle inventory and track availability"
        actions={
          <>
            <ImportButton kind="vehicles" />
            <Button asChild>
              <Link to="/inventory/new">
                <Plus /> Add Vehicle
              </Link>
            </Button>
          </>
        }
      />

      {/* A card for every status, so the cards add up to the total; on a phone the two totals take a whole row. */}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <div className="col-span-2 grid md:col-span-1">
          <SummaryCard title="Total Vehicles" value={formatCount(summary.data?.total)} icon={Car} />
        </div>
        {vehicleStatuses.map((status) => (
          <SummaryCard
            key={status}
            title={vehicleStatusLabels[status]}
            value={formatCount(summary.data?.[status])}
            icon={statusIcons[status]}
          />
        ))}
        <div className="col-span-2 grid md:col-span-1">
          <SummaryCard
            title="Total Value"
            value={summary.data ? formatCents(summary.data.total_value_cents) : '—'}
            icon={DollarSign}
            hint={INVENTORY_VALUE_NOTE}
          />
        </div>
      </div>

      <ListToolbar
        search={
          <SearchBox
            value={list.params.q}
            onSearch={list.setSearch}
            label="Search vehicles"
            placeholder="Search by make, model, or VIN..."
            className="basis-60"
          />
        }
        filters={<VehicleFilters list={list} />}
        exportHref={urlOf(vehiclesApi.exportCsv, { query: list.filterQuery })}
      />

      <PagedListCard
        title="Vehicle Inventory"
        description={list.isFiltered ? 'Vehicles matching your search and filters' : 'All vehicles in your inventory'}
        list={vehicles}
        loadingMessage="Loading vehicles..."
        failedMessage="Failed to fetch vehicles"
        empty={{ message: 'No vehicles found.', linkTo: '/inventory/new', linkText: 'Add your first vehicle' }}
        paging={list.paging}
      >
        <div className="grid gap-3">
          {selection && <SelectionBar kind="vehicles" selected={selection.selected} onClear={selection.clear} />}
          <VehiclesTable vehicles={vehicles.data?.items ?? []} selection={selection} />
        </div>
      </PagedListCard>
    </div>
  );
}
