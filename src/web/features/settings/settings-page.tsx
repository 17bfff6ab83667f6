import { Suspense } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Download, RotateCcw, Save } from 'lucide-react';
import { settingsFormSchema, settingsToForm } from '@shared/settings/form';
import {
  audienceLabels,
  audiences,
  commissionBases,
  commissionBasisLabels,
  defaultSettings,
  inventoryScopeLabels,
  inventoryScopes,
  notificationEventLabels,
  notificationEvents,
  type Settings,
} from '@shared/settings/schemas';
import { roleDescriptions, roleLabels, roles } from '@shared/users/roles';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useCurrentSession } from '@/features/auth/api';
import type { SettingsCard } from '@/lib/area';
import { errorMessage } from '@/lib/api-client';
import { urlOf } from '@/lib/contract';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useSaveSettings, useSettings } from './api';
import { DeskingSection } from './desking-settings';
import { Section, type SettingsFormMethods } from './section';
import { can } from '@shared/users/permissions';
import { backupApi } from '@shared/backup/api';

type Form = SettingsFormMethods;

/** /settings: every card persisted; admins change them, everyone else reads them. */
export function SettingsPage({ cards }: { cards: SettingsCard[] }) {
  const settings = useSettings();
  return (
    <div className="grid gap-6">
      <PageHeader title="Settings" description="Company, users, notifications and security" />
      <QueryState query={settings} loadingMessage="Loading settings..." failedMessage="The settings could not be loaded.">
        {(saved) => <SettingsForm saved={saved} cards={cards} />}
      </QueryState>
    </div>
  );
}

/** Every IANA zone of the browser, with the saved one kept should the browser not list it. */
const timeZones = Intl.supportedValuesOf('timeZone').filter((zone) => zone.includes('/'));

function SettingsForm({ saved, cards }: { saved: Settings; cards: SettingsCard[] }) {
  const { user } = useCurrentSession();
  const isAdmin = can(user, 'editSettings');
  const save = useSaveSettings();
  const form: Form = useForm({ resolver: zodResolver(settingsFormSchema), values: settingsToForm(saved) });

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notifySuccess('Settings Saved', 'The new settings are in force.'),
      onError: (error) => {
        showServerErrors(form.setError, error);
        notifyError('Error', errorMessage(error, 'Failed to save the settings. Please try again.'));
      },
    }),
  );

  const locked = !isAdmin || save.isPending;
  /** The page's own sections, placed among the areas' cards (`WebArea.settingsCards`) by position. */
  const own: SettingsCard[] = [
    {
      position: 10,
      element: (
        <fieldset disabled={locked} className="contents">
          <CompanySection form={form} />
          <TeamSection form={form} />
        </fieldset>
      ),
    },
    { position: 30, element: <UserManagementSection isAdmin={isAdmin} /> },
    {
      position: 200,
      element: (
        <fieldset disabled={locked} className="contents">
          <NotificationSection form={form} />
          <SecuritySection form={form} />
          <BackupSection form={form} isAdmin={isAdmin} />
        </fieldset>
      ),
    },
    {
      position: 220,
      element: (
        <fieldset disabled={locked} className="contents">
          <CrmSection form={form} />
          <DeskingSection form={form} />
        </fieldset>
      ),
    },
  ];
  return (
    <>
      {!isAdmin && (
        <p className="text-muted-foreground" role="note">
          Only admins can change settings.
        </p>
      )}
      {/* The cards in the order of the specification, the page's own among the areas'; the invite card is a form of its own, so the settings are not. */}
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
        {[...own, ...cards]
          .sort((a, b) => a.position - b.position)
          .filter((card) => !card.shownTo || can(user, card.shownTo))
          .map((card) => (
            // Each card loads on its own, all at once, rather than one after another behind one boundary.
            <Suspense key={card.position} fallback={null}>
              {card.element}
            </Suspense>
          ))}
      </div>

      {isAdmin && (
        <div
          role="region"
          aria-label="Save Configuration"
          className="bg-background/95 sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-2 border-t px-4 py-3 backdrop-blur sm:justify-between"
        >
          <span className="text-muted-foreground hidden text-sm sm:inline">
            {form.formState.isDirty ? 'You have unsaved changes.' : 'All changes are saved.'}
          </span>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => form.reset(settingsToForm(defaultSettings), { keepDefaultValues: true })}
            >
              <RotateCcw /> Reset to Defaults
            </Button>
            <Button type="button" onClick={onSubmit} disabled={save.isPending}>
              <Save /> {save.isPending ? 'Saving...' : 'Save All Changes'}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

/** The company's name, address, phone, e-mail and time zone. */
function CompanySection({ form }: { form: Form }) {
  const errors = form.formState.errors;
  return (
    <Section title="Company Information" description="Printed on statements and at the foot of every e-mail">
      <FormField label="Company Name" htmlFor="company-name" error={errors.company?.name?.message}>
        <Input autoComplete="organization" {...form.register('company.name')} />
      </FormField>
      <FormField label="Address" htmlFor="company-address" error={errors.company?.address?.message}>
        <Textarea rows={2} autoComplete="street-address" {...form.register('company.address')} />
      </FormField>
      <FormField label="Phone" htmlFor="company-phone" error={errors.company?.phone?.message}>
        <Input type="tel" autoComplete="tel" {...form.register('company.phone')} />
      </FormField>
      <FormField label="Email" htmlFor="company-email" error={errors.company?.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('company.email')} />
      </FormField>
      <Controller
        control={form.control}
        name="company.time_zone"
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange} disabled={field.disabled}>
            <FormField
              label="Time Zone"
              htmlFor="company-time-zone"
              description="Marketing texts to customers of unknown location leave between 8 am and 9 pm here"
              error={errors.company?.time_zone?.message}
            >
              <SelectTrigger className="w-full">
                <SelectValue />
              </SelectTrigger>
            </FormField>
            <SelectContent className="max-h-72">
              {timeZones.map((zone) => (
                <SelectItem key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Section>
  );
}

/** When the daily backup is taken and how long backups are kept; an admin downloads one here. */
function BackupSection({ form, isAdmin }: { form: Form; isAdmin: boolean }) {
  const errors = form.formState.errors;
  return (
    <Section title="Database & Backup" description="When the daily backup is taken and how long backups are kept">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Daily backup time" htmlFor="backup-time" error={errors.backup?.daily_time?.message}>
          <Input type="time" {...form.register('backup.daily_time')} />
        </FormField>
        <FormField label="Data retention (years)" htmlFor="backup-retention" error={errors.backup?.retention_years?.message}>
          <Input type="number" min={1} max={50} {...form.register('backup.retention_years', { valueAsNumber: true })} />
        </FormField>
      </div>
      {isAdmin && (
        <div className="grid gap-2">
          <Button asChild variant="outline" className="justify-self-start">
            <a href={urlOf(backupApi.download)} download>
              <Download /> Download backup
            </a>
          </Button>
          <p className="text-muted-foreground text-sm">
            One archive of the whole database and every stored document. Restore it with{' '}
            <code>npm run restore -- &lt;file&gt;</code>.
          </p>
        </div>
      )}
    </Section>
  );
}

function TeamSection({ form }: { form: Form }) {
  return (
    <Section title="Team" description="What agents see of each other's work">
      <Controller
        control={form.control}
        name="team.inventory"
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange} disabled={field.disabled}>
            <FormField
              label="Inventory"
              htmlFor="team-inventory"
              description="With the whole dealership, every agent finds, opens and may sell any vehicle; its owner, editors and admins change it. With each agent's own, a lead about a vehicle goes to its owner."
            >
              <SelectTrigger className="w-full">
                <SelectValue />
              </SelectTrigger>
            </FormField>
            <SelectContent>
              {inventoryScopes.map((scope) => (
                <SelectItem key={scope} value={scope}>
                  {inventoryScopeLabels[scope]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Section>
  );
}

function SecuritySection({ form }: { form: Form }) {
  const errors = form.formState.errors.security;
  return (
    <Section title="Security Settings" description="How long a sign-in lasts, and who must use two-factor sign-in">
      <FormField
        label="Session duration (hours)"
        htmlFor="session-hours"
        error={errors?.session_hours?.message}
        description="Applies to sessions that begin after saving; a session in use is renewed to this length."
      >
        <Input type="number" min={1} max={720} {...form.register('security.session_hours', { valueAsNumber: true })} />
      </FormField>
      <Controller
        control={form.control}
        name="security.two_factor"
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange} disabled={field.disabled}>
            <FormField label="Require two-factor sign-in" htmlFor="two-factor">
              <SelectTrigger className="w-full">
                <SelectValue />
              </SelectTrigger>
            </FormField>
            <SelectContent>
              <SelectItem value="admins">For admins</SelectItem>
              <SelectItem value="everyone">For everyone</SelectItem>
            </SelectContent>
          </Select>
        )}
      />
    </Section>
  );
}

function NotificationSection({ form }: { form: Form }) {
  return (
    <Section title="Notification Settings" description="Who is notified of each event">
      <div className="grid gap-3">
        {notificationEvents.map((event) => (
          <Controller
            key={event}
            control={form.control}
            name={`notifications.${event}`}
            render={({ field }) => (
              <fieldset className="grid gap-2 rounded-md border p-3">
                <legend className="px-1 text-sm font-medium">{notificationEventLabels[event]}</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {audiences.map((audience) => {
                    const id = `notify-${event}-${audience}`;
                    const chosen = field.value ?? [];
                    return (
                      <label key={audience} htmlFor={id} className="flex items-center gap-2 text-sm">
                        <Checkbox
                          id={id}
                          checked={chosen.includes(audience)}
                          disabled={field.disabled}
                          onCheckedChange={(checked) =>
                            field.onChange(checked ? [...chosen, audience] : chosen.filter((a) => a !== audience))
                          }
                        />
                        {audienceLabels[audience]}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            )}
          />
        ))}
      </div>
    </Section>
  );
}

function CrmSection({ form }: { form: Form }) {
  const errors = form.formState.errors.crm;
  return (
    <Section title="CRM Configuration" description="Commission defaults, the sales pipeline and follow-ups">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Default commission (%)" htmlFor="default-commission" error={errors?.default_commission_rate?.message}>
          <Input
            type="number"
            step="0.01"
            min={0}
            max={100}
            {...form.register('crm.default_commission_rate', { valueAsNumber: true })}
          />
        </FormField>
        <Controller
          control={form.control}
          name="crm.commission_basis"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={field.disabled}>
              <FormField label="Commission on" htmlFor="commission-basis">
                <SelectTrigger className="w-full">
                  <SelectValue />
                </SelectTrigger>
              </FormField>
              <SelectContent>
                {commissionBases.map((basis) => (
                  <SelectItem key={basis} value={basis}>
                    {commissionBasisLabels[basis]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <FormField
        label="Pipeline stages"
        htmlFor="pipeline-stages"
        error={errors?.pipeline_stages?.message}
        description="One stage per line, in order."
      >
        <Textarea rows={5} {...form.register('crm.pipeline_stages')} />
      </FormField>
      <FormField label="Follow-up reminder (days)" htmlFor="follow-up-days" error={errors?.follow_up_days?.message}>
        <Input type="number" min={1} max={365} {...form.register('crm.follow_up_days', { valueAsNumber: true })} />
      </FormField>
      <FormField
        label="Lead answer time (minutes)"
        htmlFor="lead-answer-minutes"
        error={errors?.lead_answer_minutes?.message}
        description="A new lead nobody has answered after this long is reported to the admins."
      >
        <Input type="number" min={1} max={1440} {...form.register('crm.lead_answer_minutes', { valueAsNumber: true })} />
      </FormField>
      <fieldset className="grid gap-4 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Tasks Torque adds by itself</legend>
        <RuleSwitch
          form={form}
          name="crm.follow_up_rule"
          label="Follow-up tasks"
          description="A customer with no open task and no contact for the follow-up reminder's days gets a call for their agent."
        />
        <RuleSwitch
          form={form}
          name="crm.first_response_rule"
          label="First-response tasks"
          description="A new lead gets a call for its agent, due at the lead answer time; the first answer closes it."
        />
        <RuleSwitch
          form={form}
          name="crm.delivery_rule"
          label="Delivery follow-up tasks"
          description="A completed deal gets a call for its agent on each of the days below."
        />
        <FormField
          label="Delivery follow-up days"
          htmlFor="delivery-follow-up-days"
          error={errors?.delivery_follow_up_days?.message}
          description="Days after the deal is completed, separated by commas: 3, 30."
        >
          <Input inputMode="numeric" {...form.register('crm.delivery_follow_up_days')} />
        </FormField>
      </fieldset>
      <fieldset className="grid gap-4 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Reminders</legend>
        <FormField
          label="Appointment reminder to the customer (hours before)"
          htmlFor="appointment-reminder-hours"
          error={errors?.appointment_reminder_hours?.message}
          description="By e-mail and by text, each only with the customer's consent; texts wait for 8 am where they are. 0 sends none."
        >
          <Input type="number" min={0} max={168} {...form.register('crm.appointment_reminder_hours', { valueAsNumber: true })} />
        </FormField>
        <FormField
          label="Task reminder to its assignee (minutes before)"
          htmlFor="task-reminder-minutes"
          error={errors?.task_reminder_minutes?.message}
          description="A task or appointment with a time reaches its assignee as a notification. 0 sends none."
        >
          <Input type="number" min={0} max={1440} {...form.register('crm.task_reminder_minutes', { valueAsNumber: true })} />
        </FormField>
      </fieldset>
    </Section>
  );
}

type RuleName = 'crm.follow_up_rule' | 'crm.first_response_rule' | 'crm.delivery_rule';

/** One of the rules that add tasks, on or off, with what it does. */
function RuleSwitch({ form, name, label, description }: { form: Form; name: RuleName; label: string; description: string }) {
  const id = name.slice('crm.'.length).replaceAll('_', '-');
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-3">
          <Switch
            id={id}
            className="mt-0.5"
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={field.disabled}
            aria-describedby={`${id}-description`}
          />
          <div className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-description`} className="text-muted-foreground text-sm">
              {description}
            </p>
          </div>
        </div>
      )}
    />
  );
}

function UserManagementSection({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Section title="User Management" description="The roles, and what each may do">
      <ul className="grid gap-3">
        {roles.map((role) => (
          <li key={role} className="flex flex-wrap items-center gap-2">
            <Badge variant={role === 'admin' ? 'default' : 'secondary'}>{roleLabels[role]}</Badge>
            {role === 'editor' && <Badge variant="outline">Manager</Badge>}
            <span className="text-sm">{roleDescriptions[role]}</span>
            {role === 'editor' && (
              <span className="text-muted-foreground w-full text-xs">
                A Manager is an Editor: the same role, by another name.
              </span>
            )}
          </li>
        ))}
      </ul>
      {isAdmin && (
        <Button asChild variant="outline" className="justify-self-start">
          <Link to="/users">Manage Users</Link>
        </Button>
      )}
    </Section>
  );
}
