import { completedDealsCount, ownStandingOf, topAgentsPeriod } from '@shared/analytics/agent-figures';
import type { Dashboard } from '@shared/analytics/dashboard';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, initials } from '@/lib/format';
import { yearIn } from '@shared/common/time';
import { useCurrentSession } from '@/features/auth/api';

/** Agents by this year's completed deals and their sales; an agent sees their own place among all agents. */
export function TopAgentsCard({
  agents,
  ranked,
  ownStanding,
}: {
  agents: Dashboard['top_agents'];
  ranked: number;
  ownStanding: boolean;
}) {
  const year = yearIn(useCurrentSession().timeZone);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Top Agents</CardTitle>
        <CardDescription>{ownStanding ? ownStandingOf(ranked, year) : topAgentsPeriod(year)}</CardDescription>
      </CardHeader>
      <CardContent>
        {agents.length === 0 ? (
          <p className="text-muted-foreground py-6 text-center text-sm">No completed deals this year yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Top agents">
            {agents.map((agent) => (
              <li key={agent.user_id} className="flex items-center gap-3">
                <span className="text-muted-foreground w-6 text-right text-sm font-semibold tabular-nums">#{agent.rank}</span>
                <Avatar className="size-9">
                  <AvatarFallback className="text-xs font-semibold">{initials(agent.name)}</AvatarFallback>
                </Avatar>
                {/* The name has the row's width; the count and the sales share the line below. */}
                <span className="grid min-w-0 flex-1">
                  <span className="truncate text-sm font-medium">{agent.name}</span>
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="text-muted-foreground text-xs">{completedDealsCount(agent.deals)}</span>
                    <span className="text-sm font-semibold tabular-nums">{formatCents(agent.revenue_cents)}</span>
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
