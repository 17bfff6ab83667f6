import { clientTotalCents } from '@shared/desking/client-total';
import { paymentSchedule } from '@shared/desking/finance';
import { leaseTaxLines, worksheetLines, type FigureLine } from '@shared/desking/figure-lines';
import type { StateTaxRule } from '@shared/desking/tax';
import type { WorksheetFigures } from '@shared/desking/types';
import type { Worksheet } from '@shared/desking/worksheet';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { money } from './desk-fields';

function Line({ label, value, strong, tone }: { label: string; value: string; strong?: boolean; tone?: 'warning' }) {
  return (
    <>
      <dt className={tone === 'warning' ? 'text-destructive' : 'text-muted-foreground'}>{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? 'font-semibold' : ''} ${tone === 'warning' ? 'text-destructive' : ''}`}>
        {value}
      </dd>
    </>
  );
}

/** Figure lines as the shared rule words them: a credit with a minus, negative equity in the warning tone. */
function Lines({ lines }: { lines: FigureLine[] }) {
  return lines.map((line) => (
    <Line
      key={line.label}
      label={line.label}
      value={line.credit ? `− ${money(line.cents)}` : money(line.cents)}
      strong={line.strong}
      tone={line.tone}
    />
  ));
}

export function FiguresCard({
  figures,
  kind,
  brokerFee,
  rule,
}: {
  figures: WorksheetFigures;
  kind: Worksheet['structure']['kind'];
  brokerFee: number;
  rule: StateTaxRule;
}) {
  const { totals, finance, lease } = figures;
  // Regulation Z § 1026.18(g)–(h): the number, amounts and timing of the payments, and their sum.
  const schedule = finance && paymentSchedule(finance);
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Figures</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" aria-label="Worksheet figures">
          <Lines lines={worksheetLines(totals, kind)} />
          {brokerFee > 0 && <Line label="Broker fee, paid apart" value={money(brokerFee)} />}
          {brokerFee > 0 && <Line label="Client’s total" value={money(clientTotalCents(totals, brokerFee))} strong />}
        </dl>
        {finance && schedule && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 border-t pt-3 text-sm" aria-label="Finance terms">
            <Line label="Annual percentage rate" value={`${finance.apr_percent.toFixed(2)} %`} />
            <Line label="Finance charge" value={money(finance.finance_charge_cents)} />
            <Line label="Total of payments" value={money(schedule.total_of_payments_cents)} />
            {schedule.runs.map((run, index) => (
              <Line
                key={index}
                label={
                  index > 0
                    ? `${run.count} final payment of`
                    : `${run.count} monthly ${run.count === 1 ? 'payment' : 'payments'} of`
                }
                value={money(run.amount_cents)}
                strong={index === 0}
              />
            ))}
          </dl>
        )}
        {lease && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 border-t pt-3 text-sm" aria-label="Lease terms">
            <Line label="Gross capitalized cost" value={money(lease.gross_capitalized_cost_cents)} />
            <Line label="Capitalized cost reduction" value={`− ${money(lease.capitalized_cost_reduction_cents)}`} />
            <Line label="Adjusted capitalized cost" value={money(lease.adjusted_capitalized_cost_cents)} />
            <Line label="Residual value" value={money(lease.residual_value_cents)} />
            <Line label="Depreciation and amortized amounts" value={money(lease.depreciation_cents)} />
            <Line label="Rent charge" value={money(lease.rent_charge_cents)} />
            <Line label="Base monthly payment" value={money(lease.base_monthly_payment_cents)} />
            <Lines lines={leaseTaxLines(lease, totals, rule)} />
            <Line label={`${lease.term_months} monthly payments of`} value={money(lease.total_monthly_payment_cents)} strong />
            <Line label="Amount due at signing" value={money(lease.amount_due_at_signing_cents)} strong />
            <Line label="Total of payments" value={money(lease.total_of_payments_cents)} />
            <Line label="Money factor as APR" value={`${lease.apr_equivalent_percent.toFixed(2)} %`} />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
