import { InlineLoading } from '@/components/loading-screen';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';

export type AuditEntry = { id: string; actor_name: string | null; impersonator_name: string | null; created_at: string };

/** An entry in its area's words: what happened ('Edited the customer') and a line per detail. */
export type AuditWording = { title: string; details: string[] };

/** One changed field in words: 'Status: prospect → active'. */
export const changeLine = (label: string, from: string, to: string) => `${label}: ${from} → ${to}`;

/** The user who made the change, and the admin who had switched to that user. */
const actorOf = (entry: AuditEntry) =>
  `${entry.actor_name ?? ''}${entry.impersonator_name ? ` (as ${entry.impersonator_name})` : ''}`;

/** Who did what to a record and when, from the audit log, newest first. */
export function AuditTimeline<E extends AuditEntry>({
  title,
  timeline,
  loadingMessage,
  emptyMessage,
  describe,
  actorInTitle = false,
}: {
  /** The card's heading, also the list's accessible name. */
  title: string;
  timeline: { isPending: boolean; data?: E[] };
  loadingMessage: string;
  emptyMessage: string;
  describe: (entry: E) => AuditWording;
  /** 'Added to inventory by Alex Morgan', rather than the name beside the time. */
  actorInTitle?: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {timeline.isPending ? (
          <InlineLoading message={loadingMessage} />
        ) : !timeline.data?.length ? (
          <p className="text-muted-foreground text-sm">{emptyMessage}</p>
        ) : (
          <ol className="grid gap-4 border-l pl-4" aria-label={title}>
            {timeline.data.map((entry) => {
              const { title: what, details } = describe(entry);
              const actor = actorOf(entry);
              const when = formatDateTime(entry.created_at);
              return (
                <li key={entry.id} className="relative">
                  <span className="bg-primary absolute top-1.5 -left-[21px] size-2.5 rounded-full" aria-hidden />
                  <p className="text-sm break-words">
                    <span className="font-medium">{what}</span>
                    {actorInTitle && ` by ${actor}`}
                  </p>
                  <p className="text-muted-foreground text-xs">
                    {actorInTitle ? when : [actor, when].filter(Boolean).join(' · ')}
                  </p>
                  {details.length > 0 && (
                    <ul className="text-muted-foreground mt-1 grid gap-0.5 text-sm">
                      {details.map((line) => (
                        <li key={line} className="break-words">
                          {line}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
