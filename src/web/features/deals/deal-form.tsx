import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { dealClassificationLabels, dealClassifications, dealStatusLabels, dealStatuses } from '@shared/deals/options';
import { dealFormField } from '@shared/deals/form';
import { FROM_WORKSHEET } from '@shared/desking/worksheet';
import { dealFormSchema, type DealFormInput, type DealFormValues } from '@shared/deals/schemas';
import type { LinkedVehicle } from '@shared/deals/types';
import { dollarsText } from '@shared/money';
import { FormActions } from '@/components/form-actions';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { OptionField } from '@/components/option-select';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { showServerErrors } from '@/lib/server-errors';
import { useDealAgents } from './api';
import { DealCustomerFields, type DealForm as Form } from './deal-customer-fields';
import { DealVehicleFields } from './deal-vehicle-fields';
import { PaymentCalculator } from './payment-calculator';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Puts the server's field messages next to the fields they belong to; true when there were any. */
export const showDealServerErrors = (form: Form, error: unknown) => showServerErrors(form.setError, error, dealFormField);

function AgentField({ form }: { form: Form }) {
  const agents = useDealAgents();
  const userId = form.watch('user_id');
  const error = form.formState.errors.agent_name?.message;
  const choices = agents.data ?? [];
  if (choices.length <= 1) {
    return (
      <FormField label="Agent Name" htmlFor="agent_name" error={error} description="Deals you record are yours.">
        <Input readOnly {...form.register('agent_name')} />
      </FormField>
    );
  }
  return (
    <Select
      value={typeof userId === 'string' ? userId : ''}
      onValueChange={(id) => {
        const agent = choices.find((a) => a.id === id);
        form.setValue('user_id', id, { shouldDirty: true });
        form.setValue('agent_name', agent?.name ?? '', { shouldDirty: true, shouldValidate: true });
      }}
    >
      <FormField label="Agent Name" htmlFor="agent_name" error={error}>
        <SelectTrigger className="w-full sm:w-80">
          <SelectValue placeholder="Select agent" />
        </SelectTrigger>
      </FormField>
      <SelectContent>
        {choices.map((agent) => (
          <SelectItem key={agent.id} value={agent.id}>
            {agent.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

type DealFormProps = {
  defaultValues: DealFormInput;
  initialVehicle?: LinkedVehicle | null;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The deal has a worksheet: its contract price and monthly payment are read from it, not typed here. */
  desked?: boolean;
  onSubmit: (values: DealFormValues, form: Form) => void;
  onCancel: () => void;
};

export function DealForm({
  defaultValues,
  initialVehicle = null,
  submitLabel,
  pendingLabel,
  pending,
  desked = false,
  onSubmit,
  onCancel,
}: DealFormProps) {
  const form = useForm<DealFormInput, unknown, DealFormValues>({ resolver: zodResolver(dealFormSchema), defaultValues });
  const { register, formState, control } = form;
  const errors = formState.errors;
  // A cash deal is paid in full: it has no monthly payment to type or to work out.
  const cash = form.watch('deal_classification') === 'cash_deal';
  useEffect(() => {
    if (cash && form.getValues('monthly_payment') !== '') form.setValue('monthly_payment', '', { shouldDirty: true });
  }, [cash, form]);

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => onSubmit(values, form))}>
      <fieldset className="grid gap-4">
        <Section title="Deal Information">
          <div className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField label="Date" htmlFor="date" error={errors.date?.message}>
                <Input type="date" {...register('date')} />
              </FormField>
              <OptionField control={control} name="status" label="Status" options={dealStatuses} labels={dealStatusLabels} />
            </div>
            <DealVehicleFields form={form} initialVehicle={initialVehicle} />
          </div>
        </Section>

        <Section title="Customer Information">
          <DealCustomerFields form={form} />
        </Section>

        <Section title="Financial Details">
          <div className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField
                label="Contract Price ($)"
                htmlFor="contract_price"
                description={desked ? FROM_WORKSHEET : undefined}
                error={errors.contract_price?.message}
              >
                <Input type="number" inputMode="decimal" min={0} step="0.01" readOnly={desked} {...register('contract_price')} />
              </FormField>
              {!cash && (
                <FormField
                  label="Monthly Payment ($)"
                  htmlFor="monthly_payment"
                  description={desked ? FROM_WORKSHEET : 'Optional'}
                  error={errors.monthly_payment?.message}
                >
                  <Input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="0.01"
                    readOnly={desked}
                    {...register('monthly_payment')}
                  />
                </FormField>
              )}
              <FormField
                label="Broker Fee ($)"
                htmlFor="broker_fee"
                description={desked ? FROM_WORKSHEET : undefined}
                error={errors.broker_fee?.message}
              >
                <Input type="number" inputMode="decimal" min={0} step="0.01" readOnly={desked} {...register('broker_fee')} />
              </FormField>
            </div>
            {!cash && !desked && (
              <PaymentCalculator
                contractPrice={String(form.watch('contract_price') ?? '')}
                onUse={(cents) =>
                  form.setValue('monthly_payment', dollarsText(cents), { shouldDirty: true, shouldValidate: true })
                }
              />
            )}
          </div>
        </Section>

        <Section title="Deal Classification">
          <OptionField
            control={control}
            name="deal_classification"
            label="Classification"
            options={dealClassifications}
            labels={dealClassificationLabels}
            selectClassName="sm:w-80"
          />
        </Section>

        <Section title="Agent Name">
          <AgentField form={form} />
        </Section>

        <Section title="Notes">
          <FormField label="Notes (Optional)" htmlFor="notes" error={errors.notes?.message}>
            <Textarea className="min-h-20" {...register('notes')} />
          </FormField>
        </Section>
      </fieldset>

      <FormActions onCancel={onCancel} pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </form>
  );
}
