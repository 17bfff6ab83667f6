import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTasks } from './api';
import { AddTaskButton } from './add-task-button';
import { TaskList } from './task-list';

/** A customer's open tasks, whoever they are for, in the order they are due; and 'Add task'. */
export function CustomerTasksCard({ customerId, customerName }: { customerId: string; customerName: string }) {
  const tasks = useTasks('open', { assignee: 'all', customer: customerId }, 10);
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle>Tasks</CardTitle>
        <CardDescription>What is next with this customer</CardDescription>
        <CardAction className="flex flex-wrap justify-end gap-2">
          <AddTaskButton
            size="sm"
            prefill={{ customer_id: customerId, customer_name: customerName, type: 'appointment', title: 'Appointment' }}
          />
          <AddTaskButton size="sm" prefill={{ customer_id: customerId, customer_name: customerName }} />
        </CardAction>
      </CardHeader>
      <CardContent className="px-0">
        <TaskList tasks={tasks} label="Open tasks" empty="No open tasks." showCustomer={false} showAssignee />
      </CardContent>
    </Card>
  );
}
