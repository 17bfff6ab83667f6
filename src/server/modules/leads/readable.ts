import { sql } from 'kysely';
import { readable } from '../../platform/readable-files.js';
import { csvMoment } from '../../http/csv.js';
import { leadChannelLabels, leadStatusLabels, type LeadChannel, type LeadStatus } from '../../../shared/leads/schemas.js';
import { leadName, leadVehicle } from './service.js';

type LeadLine = {
  id: string;
  received_at: Date;
  source_name: string;
  channel: LeadChannel;
  status: LeadStatus;
  reason: string | null;
  name: string | null;
  vehicle: string | null;
  customer_id: string | null;
  customer_name: string | null;
  assigned_user_id: string | null;
  assigned_name: string | null;
  assignment_reason: string | null;
  first_response_at: Date | null;
  first_response_by: string | null;
  alerted_at: Date | null;
  handled_at: Date | null;
  handled_by: string | null;
};

/** The full export's `readable/leads.csv`. */
export const leadsReadable = readable<LeadLine>({
  name: 'leads',
  table: 'leads',
  about: 'Leads as the Leads screen lists them, each moment in the company’s time zone',
  header: [
    'Received',
    'Source',
    'Channel',
    'Status',
    'Reason',
    'Name',
    'Vehicle',
    'Customer',
    'Assigned To',
    'Assignment Reason',
    'First Response',
    'First Response By',
    'Admins Alerted',
    'Handled',
    'Handled By',
    'Lead ID',
    'Customer ID',
    'Assigned To ID',
  ],
  select: () => sql`
    SELECT t.id, t.received_at, t.source_name, t.channel, t.status, t.reason, ${leadName('t', 'c')} AS name,
      ${leadVehicle('t')} AS vehicle, t.customer_id, c.name AS customer_name, t.assigned_user_id, a.name AS assigned_name,
      t.assignment_reason, t.first_response_at, r.name AS first_response_by, t.alerted_at, t.handled_at,
      h.name AS handled_by
    FROM leads t
    LEFT JOIN customers c ON c.id = t.customer_id
    LEFT JOIN users a ON a.id = t.assigned_user_id
    LEFT JOIN users r ON r.id = t.first_response_by
    LEFT JOIN users h ON h.id = t.handled_by`,
  line: (timeZone) => {
    const moment = csvMoment(timeZone);
    return (l) => [
      moment(l.received_at),
      l.source_name,
      leadChannelLabels[l.channel],
      leadStatusLabels[l.status],
      l.reason,
      l.name,
      l.vehicle,
      l.customer_name,
      l.assigned_name,
      l.assignment_reason,
      moment(l.first_response_at),
      l.first_response_by,
      moment(l.alerted_at),
      moment(l.handled_at),
      l.handled_by,
      l.id,
      l.customer_id,
      l.assigned_user_id,
    ];
  },
});
