import { Link } from 'react-router';
import { Car, DollarSign, Handshake, Minus, TrendingDown, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { changeBetween, formatChange } from '@shared/analytics/deal-analytics';
import type { Dashboard, MonthOverMonth } from '@shared/analytics/dashboard';
import { INVENTORY_VALUE_NOTE } from '@shared/vehicles/options';
import { Card, CardContent } from '@/components/ui/card';
import { formatCents, formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';

type Stat = {
  title: string;
  figure: MonthOverMonth;
  format: (n: number) => string;
  icon: LucideIcon;
  to: string;
  link: string;
  note?: string;
};

function StatCard({ title, figure, format, icon: Icon, to, link, note }: Stat) {
  const change = changeBetween(figure.current, figure.previous);
  const trend = change === null ? (figure.current > 0 ? 'up' : 'flat') : change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const Trend = trend === 'down' ? TrendingDown : trend === 'up' ? TrendingUp : Minus;
  const tone = trend === 'up' ? 'text-success' : trend === 'down' ? 'text-destructive' : 'text-muted-foreground';
  const changeText =
    change === null ? (figure.current > 0 ? 'New' : 'No change') : change === 0 ? 'No change' : formatChange(change)!;
  return (
    <Link to={to} className="group focus-visible:ring-ring/50 rounded-xl outline-none focus-visible:ring-[3px]">
      <Card className="group-hover:border-primary/40 h-full gap-2 py-4 transition-colors">
        <CardContent className="grid gap-1 px-4">
          <div className="flex items-start justify-between gap-2">
            <p className="text-muted-foreground text-sm font-medium">{title}</p>
            <Icon className="text-muted-foreground size-5 shrink-0" aria-hidden />
          </div>
          <p className="truncate text-2xl font-bold tabular-nums">{format(figure.current)}</p>
          {note && <p className="text-muted-foreground text-xs">{note}</p>}
          <p className="flex items-center gap-1 text-xs">
            <Trend className={cn('size-3.5', tone)} aria-hidden />
            <span className={cn('font-medium', tone)}>{changeText}</span>
            <span className="text-muted-foreground">from last month</span>
          </p>
          <p className="text-primary text-xs font-medium group-hover:underline">{link}</p>
        </CardContent>
      </Card>
    </Link>
  );
}

export function StatCards({ stats }: { stats: Dashboard['stats'] }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Broker Fees This Month"
        figure={stats.broker_fees_cents}
        format={(n) => formatCents(n)}
        icon={DollarSign}
        to="/deals"
        link="View deals"
      />
      <StatCard
        title="Deals Closed This Month"
        figure={stats.deals_closed}
        format={formatCount}
        icon={Handshake}
        to="/deals?tab=deals"
        link="View deals"
      />
      <StatCard
        title="Active Customers"
        figure={stats.active_customers}
        format={formatCount}
        icon={Users}
        to="/customers"
        link="View customers"
      />
      <StatCard
        title="Inventory Value"
        figure={stats.inventory_value_cents}
        format={(n) => formatCents(n)}
        icon={Car}
        to="/inventory"
        link="View inventory"
        note={INVENTORY_VALUE_NOTE}
      />
    </div>
  );
}
