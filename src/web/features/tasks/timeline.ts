import { customerAnswerLabels, type CustomerAnswer } from '@shared/tasks/appointment-mail';
import { taskOutcomeLabels, type TaskOutcome } from '@shared/tasks/schemas';
import { formatDate, formatDateTime } from '@/lib/format';

type Wording = { title: string; details: string[] };

const channelNames: Record<string, string> = { email: 'e-mail', sms: 'text' };
/** Why a reminder did not go by a channel. */
const skipReasons: Record<string, string> = {
  no_address: 'none on file',
  invitation_off: 'the appointment was booked without an invitation',
  no_consent: 'the customer has not agreed to it',
  quiet_hours: 'it could not leave after 8 am before the appointment',
};

/** How the customer's timeline words a task's steps; null for an entry that is not a task's. */
export function describeTaskEntry(action: string, changes: Record<string, unknown>): Wording | null {
  const title = String(changes.title ?? 'a task');
  switch (action) {
    case 'task_added':
      return {
        title: `Added a task: ${title}`,
        details: [
          ...(changes.due_date ? [`Due ${formatDate(String(changes.due_date))}`] : []),
          // A task a rule of Settings → CRM added says which.
          ...(changes.rule_label
            ? [changes.plan ? `${String(changes.rule_label)}: ${String(changes.plan)}` : String(changes.rule_label)]
            : []),
        ],
      };
    case 'task_updated':
      return { title: `Edited the task ${title}`, details: [] };
    case 'task_completed': {
      const outcome = taskOutcomeLabels[changes.outcome as TaskOutcome] ?? String(changes.outcome);
      return {
        title: `Completed a task: ${title}`,
        details: [
          `${String(changes.label ?? 'Task')}: ${outcome.toLowerCase()}`,
          ...(changes.note ? [String(changes.note)] : []),
        ],
      };
    }
    case 'task_reopened':
      return { title: `Reopened the task ${title}`, details: [] };
    case 'task_removed':
      return { title: `Deleted the task ${title}`, details: [] };
    case 'appointment_invitation': {
      const start = changes.start ? [`For ${formatDateTime(String(changes.start))}`] : [];
      const to = changes.to ? [`To ${String(changes.to)}`] : [];
      const sent =
        changes.method === 'CANCEL'
          ? 'Sent the appointment’s cancellation'
          : Number(changes.sequence) > 0
            ? 'Sent the appointment’s change'
            : 'Sent the appointment invitation';
      return { title: sent, details: [...start, ...to] };
    }
    case 'appointment_answer': {
      const answer = customerAnswerLabels[changes.answer as CustomerAnswer] ?? String(changes.answer);
      return { title: `The customer answered the invitation: ${answer}`, details: [`Appointment: ${title}`] };
    }
    case 'appointment_reminder': {
      const channels = Array.isArray(changes.channels) ? changes.channels.map(String) : [];
      const skipped = (changes.skipped ?? {}) as Record<string, string>;
      const by = channels.map((channel) => channelNames[channel] ?? channel).join(' and ');
      const not = Object.entries(skipped).map(
        ([channel, reason]) => `No ${channelNames[channel] ?? channel}: ${skipReasons[reason] ?? reason}`,
      );
      return {
        title: by ? `Reminded the customer of an appointment: ${title}` : `No reminder could be sent for ${title}`,
        details: [...(by ? [`By ${by}`] : []), ...not],
      };
    }
    case 'plan_started':
      return { title: `Started the action plan ${String(changes.plan)}`, details: [] };
    case 'plan_stopped': {
      const removed = Number(changes.removed ?? 0);
      return {
        title:
          changes.reason === 'finished'
            ? `The action plan ${String(changes.plan)} has added its last step`
            : `Stopped the action plan ${String(changes.plan)}`,
        details: [
          ...(changes.reason !== 'finished' ? [`Why: ${String(changes.reason_label)}`] : []),
          ...(removed > 0 ? [`${removed} open ${removed === 1 ? 'task' : 'tasks'} removed`] : []),
        ],
      };
    }
    default:
      return null;
  }
}
