/** A figure's label with the period it covers beneath it, so two screens' figures are never confused. */
export function FigureLabel({ label, period }: { label: string; period: string }) {
  return (
    <span className="inline-grid leading-tight">
      <span>{label}</span>
      <span className="text-muted-foreground text-xs font-normal whitespace-normal">{period}</span>
    </span>
  );
}
