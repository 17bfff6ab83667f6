import { seesAllRecords } from '@shared/users/roles';
import { QueryState } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import { useCurrentSession } from '@/features/auth/api';
import { TodayTasksCard } from '@/features/tasks';
import { useFailureToast } from '@/lib/toast';
import { useDashboard } from './api';
import { RecentDealsCard } from './recent-deals-card';
import { RecentLeadsCard } from './recent-leads-card';
import { SpeedToLeadCard } from './speed-to-lead-card';
import { StatCards } from './stat-cards';
import { TopAgentsCard } from './top-agents-card';

export function DashboardPage() {
  const { user } = useCurrentSession();
  const dashboard = useDashboard();

  useFailureToast(dashboard.isError, 'Failed to load the dashboard');

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Dashboard" description="Welcome back! Here's your business overview." />
      <TodayTasksCard />
      <QueryState query={dashboard} loadingMessage="Loading..." failedMessage="Failed to load the dashboard">
        {(data) => (
          <>
            <StatCards stats={data.stats} />
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
              <div className="lg:col-span-2">
                <RecentDealsCard deals={data.recent_deals} />
              </div>
              <TopAgentsCard agents={data.top_agents} ranked={data.ranked_agents} ownStanding={!seesAllRecords(user.role)} />
            </div>
            <RecentLeadsCard leads={data.recent_leads} />
            <SpeedToLeadCard speed={data.speed_to_lead} />
          </>
        )}
      </QueryState>
    </div>
  );
}
