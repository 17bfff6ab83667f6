import type { NextTask } from '@shared/customers/types';
import { dueText, typeIcons } from './task-row';

/**
 * A customer's next open task in two lines: what, then when (red once late) and how many more of their `open` tasks
 * there are.
 */
export function NextTaskText({ task, open }: { task: NextTask | null; open: number }) {
  if (!task) return <span className="text-muted-foreground text-sm">No open task</span>;
  const Icon = typeIcons[task.type];
  return (
    <div className="grid max-w-40 min-w-0 gap-0.5 text-sm whitespace-normal">
      <span className="flex min-w-0 items-center gap-1.5">
        <Icon className="text-muted-foreground size-3.5 shrink-0" aria-hidden />
        <span className="truncate">{task.title}</span>
      </span>
      <span className={task.late ? 'text-destructive text-xs font-medium' : 'text-muted-foreground text-xs'}>
        {dueText(task)}
        {open > 1 && ` · ${open - 1} more open`}
      </span>
    </div>
  );
}
