import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  agreementFormSchema,
  PDF_HEADER_LENGTH,
  PDF_LIMIT_BYTES,
  PDF_LIMIT_MESSAGE,
  PDF_MESSAGE,
  SIGNATURES_MESSAGE,
  startsAsPdf,
  type AgreementForm,
} from '@shared/cosigners/schemas';
import type { MinorAgreement } from '@shared/cosigners/types';
import { toDollars } from '@shared/money';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { AgreementsPanel } from './agreements-panel';
import { useSubmitAgreement } from './api';
import { StepProgress, type Step } from './step-progress';
import { CustomerInformationCard, type AgreementFormMethods, type PickedCustomer } from './customer-information-card';
import { SigningCard, type Signed } from './signing-card';

const emptyForm: AgreementForm = {
  minor_name: '',
  minor_age: '',
  minor_email: '',
  minor_phone: '',
  parent_name: '',
  parent_email: '',
  parent_phone: '',
  parent_relationship: '',
  vehicle_details: '',
  deal_amount: '',
  notes: '',
  deal_date: '',
};

const namedPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
/** A PDF by its name or type (the spec) and by its first bytes, so a renamed file is refused when chosen. */
const isPdf = async (file: File) =>
  namedPdf(file) && startsAsPdf(new Uint8Array(await file.slice(0, PDF_HEADER_LENGTH).arrayBuffer()));

/** A sealed agreement's fields, to type a correction of it. */
const agreementToForm = (agreement: MinorAgreement): AgreementForm => ({
  minor_name: agreement.minor_name,
  minor_age: String(agreement.minor_age),
  minor_email: agreement.minor_email ?? '',
  minor_phone: agreement.minor_phone ?? '',
  parent_name: agreement.parent_name,
  parent_email: agreement.parent_email,
  parent_phone: agreement.parent_phone,
  parent_relationship: agreement.parent_relationship,
  vehicle_details: agreement.vehicle_details,
  deal_amount: String(toDollars(agreement.deal_amount_cents)),
  notes: agreement.notes ?? '',
  deal_date: agreement.deal_date,
});

/**
 * Minor Co-Signer Agreements (/minor-cosigners): upload the agreement, the parent or guardian signs, the minor signs,
 * and submit seals it; the screen then starts again at the upload step, and the sealed agreement is in the panel.
 */
export function CosignersPage() {
  const form: AgreementFormMethods = useForm<AgreementForm, unknown, z.output<typeof agreementFormSchema>>({
    resolver: zodResolver(agreementFormSchema),
    defaultValues: emptyForm,
  });
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [parent, setParent] = useState<Signed | null>(null);
  const [minor, setMinor] = useState<Signed | null>(null);
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  const [customerText, setCustomerText] = useState('');
  const [correcting, setCorrecting] = useState<MinorAgreement | null>(null);
  const [round, setRound] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = useSubmitAgreement();
  const names = {
    parent: form.watch('parent_name')?.trim() || 'the parent or guardian',
    minor: form.watch('minor_name')?.trim() || 'the minor',
    vehicle: form.watch('vehicle_details')?.trim() || 'the vehicle',
  };

  /** Back to the upload step with no file and no signatures; the signers' steps and the deal picker start afresh. */
  const restart = () => {
    setStep('upload');
    setFile(null);
    setParent(null);
    setMinor(null);
    setRound((n) => n + 1);
  };

  const reset = () => {
    form.reset(emptyForm);
    restart();
    setCustomer(null);
    setCustomerText('');
    setCorrecting(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const refuseFile = (message: string) => {
    if (fileInput.current) fileInput.current.value = '';
    notifyError('Error', message);
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen || !(await isPdf(chosen))) return refuseFile(PDF_MESSAGE);
    if (chosen.size > PDF_LIMIT_BYTES) return refuseFile(PDF_LIMIT_MESSAGE);
    setFile(chosen);
    setStep('parent');
  };

  const correct = (agreement: MinorAgreement) => {
    form.reset(agreementToForm(agreement));
    setCorrecting(agreement);
    setCustomer({ id: agreement.customer_id, name: agreement.customer_name });
    setCustomerText(agreement.customer_name);
    restart();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const seal = form.handleSubmit(
    (input) => {
      if (!file) return notifyError('Error', PDF_MESSAGE);
      if (!parent || !minor) return notifyError('Error', SIGNATURES_MESSAGE);
      const data = {
        ...form.getValues(),
        minor_age: input.minor_age,
        customer_id: customer?.id,
        deal_id: input.deal_id,
        corrects_id: correcting?.id,
        parent_signature: parent,
        minor_signature: minor,
      };
      submit.mutate(
        { data, file },
        {
          onSuccess: (sealed) => {
            notifySuccess(
              'Agreement Sealed',
              `${sealed.minor_name}'s agreement is signed and stored with ${sealed.customer_name}.`,
            );
            reset();
          },
          onError: (error) => {
            showServerErrors(form.setError, error);
            notifyError('Failed to submit agreement', errorMessage(error, 'Please try again.'));
          },
        },
      );
    },
    () => notifyError('Error', 'Check the customer information: some fields need attention.'),
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Minor Co-Signer Agreements" description="Agreements signed by a parent or guardian and the minor" />
      <StepProgress current={step} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <CustomerInformationCard
          form={form}
          onSubmit={seal}
          correcting={correcting}
          customerText={customerText}
          onCustomerType={(text) => {
            setCustomerText(text);
            setCustomer(null);
          }}
          onCustomerPick={(picked) => {
            setCustomerText(picked.name);
            setCustomer(picked);
          }}
          round={round}
        />
        <SigningCard
          step={step}
          round={round}
          file={file}
          fileInput={fileInput}
          names={names}
          onChoose={(chosen) => void choose(chosen)}
          onParentSigned={(signed) => {
            setParent(signed);
            setStep('minor');
          }}
          onMinorSigned={(signed) => {
            setMinor(signed);
            setStep('complete');
          }}
          sealing={submit.isPending}
          onStartOver={reset}
        />
      </div>
      <AgreementsPanel onCorrect={correct} />
    </div>
  );
}
