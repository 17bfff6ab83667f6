import { useEffect, useState } from 'react';
import { Calculator } from 'lucide-react';
import { toCents } from '@shared/money';
import { monthlyPayment } from '@shared/payment';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatCents } from '@/lib/format';

const fields = [
  ['price', 'Price ($)'],
  ['down', 'Down Payment ($)'],
  ['tradeValue', 'Trade-in Value ($)'],
  ['tradePayoff', 'Trade-in Payoff ($)'],
  ['apr', 'APR (%)'],
  ['term', 'Term (months)'],
] as const;
type Field = (typeof fields)[number][0];

const number = (text: string) => (text.trim() === '' ? 0 : Number(text));

/** Monthly payment from price, down payment, trade-in and APR; 'Use this payment' fills the deal's monthly payment. */
export function PaymentCalculator({ contractPrice, onUse }: { contractPrice: string; onUse: (cents: number) => void }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({
    price: contractPrice,
    down: '',
    tradeValue: '',
    tradePayoff: '',
    apr: '',
    term: '60',
  });
  useEffect(() => setValues((v) => ({ ...v, price: contractPrice })), [contractPrice]);

  const numbers = Object.fromEntries(fields.map(([key]) => [key, number(values[key])])) as Record<Field, number>;
  const valid =
    Object.values(numbers).every((n) => Number.isFinite(n) && n >= 0) && numbers.term >= 1 && Number.isInteger(numbers.term);
  const result = valid
    ? monthlyPayment({
        priceCents: toCents(numbers.price),
        downPaymentCents: toCents(numbers.down),
        tradeInValueCents: toCents(numbers.tradeValue),
        tradeInPayoffCents: toCents(numbers.tradePayoff),
        aprPercent: numbers.apr,
        termMonths: numbers.term,
      })
    : null;

  if (!open) {
    return (
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)}>
        <Calculator /> Payment calculator
      </Button>
    );
  }
  return (
    <fieldset className="bg-muted/40 grid gap-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">Payment calculator</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {fields.map(([key, label]) => (
          <div key={key} className="grid gap-1.5">
            <Label htmlFor={`calc-${key}`} className="text-xs">
              {label}
            </Label>
            <Input
              id={`calc-${key}`}
              type="number"
              inputMode="decimal"
              min={key === 'term' ? 1 : 0}
              step={key === 'term' ? 1 : 0.01}
              value={values[key]}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            />
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3" aria-live="polite">
        <p className="text-sm">
          {result ? (
            <>
              Amount financed{' '}
              <span className="font-medium tabular-nums">{formatCents(result.amountFinancedCents, { exact: true })}</span>
              {' · '}Monthly payment{' '}
              <span className="font-semibold tabular-nums">{formatCents(result.monthlyPaymentCents, { exact: true })}</span>
            </>
          ) : (
            <span className="text-muted-foreground">Enter amounts of 0 or more and a term of at least 1 month.</span>
          )}
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
            Close
          </Button>
          <Button type="button" size="sm" disabled={!result} onClick={() => result && onUse(result.monthlyPaymentCents)}>
            Use this payment
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
