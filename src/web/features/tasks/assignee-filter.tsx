import { NativeSelect } from '@/components/ui/native-select';
import { useCurrentSession } from '@/features/auth/api';
import { useDealAgents } from '@/features/deals/api';

/** Admins and editors choose whose tasks: their own, everyone's, or one agent's. */
export function AssigneeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const agents = useDealAgents();
  const { user } = useCurrentSession();
  return (
    <div className="w-full sm:w-56">
      <NativeSelect aria-label="Whose tasks" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="me">My tasks</option>
        <option value="all">Everyone’s tasks</option>
        {(agents.data ?? [])
          .filter((agent) => agent.id !== user.id)
          .map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
      </NativeSelect>
    </div>
  );
}
