import type { ColumnType, Generated } from 'kysely';

/** A column the database fills on insert and that is read as a Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Moment = ColumnType<Date, Date | string, Date | string>;
type Json = ColumnType<unknown, string, string>;

export type Role = 'admin' | 'editor' | 'agent';

export type UsersTable = {
  id: Generated<string>;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  role: Generated<Role>;
  banned: Generated<boolean | null>;
  ban_reason: string | null;
  ban_expires: Moment | null;
  last_login_at: Moment | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type SessionsTable = {
  id: Generated<string>;
  user_id: string;
  token: string;
  expires_at: Moment;
  ip_address: string | null;
  user_agent: string | null;
  impersonated_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type AccountsTable = {
  id: Generated<string>;
  user_id: string;
  account_id: string;
  provider_id: string;
  password: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type RateLimitsTable = { key: string; window_start: Moment; count: number };

export type CustomersTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  location: string | null;
  status: Generated<'active' | 'prospect' | 'inactive'>;
  preferred_cars: Generated<string[]>;
  referred_by_customer_id: string | null;
  referred_by_name: string | null;
  birthday: string | null;
  notes: string | null;
  lead_source: string | null;
  budget_cents: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type DocumentRow = {
  id: Generated<string>;
  file_name: string;
  file_path: string;
  file_size: number;
  content_type: string;
  uploaded_by: string;
  created_at: CreatedAt;
};

export type VehiclesTable = {
  id: Generated<string>;
  user_id: string;
  make: string;
  model: string;
  year: number;
  vin: string | null;
  color: string | null;
  mileage: Generated<number>;
  price_cents: number;
  status: Generated<'available' | 'pending' | 'sold' | 'reserved'>;
  location: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  features: Generated<string[]>;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type DealsTable = {
  id: Generated<string>;
  user_id: string;
  customer_id: string | null;
  vehicle_id: string | null;
  date: string;
  manufacturer: string;
  model: string;
  year: number;
  customer_name: string;
  customer_phone: string | null;
  customer_email: string | null;
  agent_name: string;
  contract_price_cents: number;
  monthly_payment_cents: number | null;
  broker_fee_cents: number;
  status: Generated<'pending' | 'in-progress' | 'completed' | 'cancelled'>;
  deal_classification: Generated<'customer_paid' | 'broker_deal' | 'dealer_paid' | 'cash_deal'>;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type ChatsTable = {
  id: Generated<string>;
  name: string;
  type: 'individual' | 'group' | 'company';
  created_by: string;
  created_at: CreatedAt;
};

export type ChatParticipantsTable = {
  chat_id: string;
  user_id: string;
  is_active: Generated<boolean>;
  last_read_at: Generated<Date>;
  created_at: CreatedAt;
};

export type MessagesTable = {
  id: Generated<string>;
  chat_id: string;
  sender_id: string;
  content: string;
  created_at: CreatedAt;
};

export type NotificationsTable = {
  id: Generated<string>;
  user_id: string;
  title: string;
  content: string;
  is_read: Generated<boolean>;
  created_at: CreatedAt;
};

export type SettingsTable = { key: string; value: Json; updated_by: string | null; updated_at: UpdatedAt };

export type CommissionRatesTable = { user_id: string; rate: number; updated_by: string | null; updated_at: UpdatedAt };

export type InvitationsTable = {
  id: Generated<string>;
  email: string;
  role: Role;
  token_hash: string;
  invited_by: string;
  expires_at: Moment;
  accepted_at: Moment | null;
  created_at: CreatedAt;
};

export type AuditLogTable = {
  id: Generated<string>;
  actor_id: string;
  impersonator_id: string | null;
  entity_type: string;
  entity_id: string;
  action: string;
  changes: Json;
  created_at: CreatedAt;
};

export type OutboxTable = {
  id: Generated<string>;
  kind: 'email' | 'webhook' | 'sms';
  payload: Json;
  status: Generated<'pending' | 'sent' | 'failed' | 'held'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  sent_at: Moment | null;
};

export type DB = {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  rate_limits: RateLimitsTable;
  customers: CustomersTable;
  customer_documents: DocumentRow & { customer_id: string };
  vehicles: VehiclesTable;
  deals: DealsTable;
  deal_documents: DocumentRow & { deal_id: string };
  chats: ChatsTable;
  chat_participants: ChatParticipantsTable;
  messages: MessagesTable;
  notifications: NotificationsTable;
  settings: SettingsTable;
  commission_rates: CommissionRatesTable;
  invitations: InvitationsTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
};
