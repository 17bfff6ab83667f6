import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight, FileCheck2, RotateCcw, Upload } from 'lucide-react';
import type { z } from 'zod';
import {
  agreementFormSchema,
  PDF_HEADER_LENGTH,
  PDF_LIMIT_BYTES,
  PDF_LIMIT_MESSAGE,
  PDF_MESSAGE,
  SIGNATURES_MESSAGE,
  signingConsent,
  startsAsPdf,
  type AgreementForm,
} from '@shared/cosigners/schemas';
import type { MinorAgreement } from '@shared/cosigners/types';
import { toDollars } from '@shared/money';
import { PageHeader } from '@/components/page-header';
import { SearchPicker } from '@/components/search-picker';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCustomerOptions } from '@/features/customers/api';
import { DealPicker } from '@/features/deals';
import { errorMessage } from '@/lib/api-client';
import { formatFileSize } from '@/lib/format';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { AgreementsPanel } from './agreements-panel';
import { useSubmitAgreement } from './api';
import { SignatureField } from './signature-field';
import { StepProgress, type Step } from './step-progress';

type Signed = { image: string; signed_at: string; consent: true };
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

/** One signer's step: the consent to sign electronically, then the pad; confirming moves on. */
function SignStep({ who, consentText, onSigned }: { who: string; consentText: string; onSigned: (signed: Signed) => void }) {
  const [consent, setConsent] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const id = `consent-${who.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3 rounded-md border p-3">
        <Checkbox id={id} checked={consent} onCheckedChange={(checked) => setConsent(checked === true)} className="mt-0.5" />
        <Label htmlFor={id} className="text-sm leading-relaxed font-normal">
          {consentText}
        </Label>
      </div>
      {consent && <SignatureField label={`${who} signature`} onChange={setImage} />}
      <Button
        type="button"
        className="justify-self-start"
        disabled={!consent || !image}
        onClick={() => onSigned({ image: image!, signed_at: new Date().toISOString(), consent: true })}
      >
        Confirm {who} Signature <ArrowRight />
      </Button>
    </div>
  );
}

/**
 * Minor Co-Signer Agreements (/minor-cosigners): upload the agreement, the parent or guardian signs, the minor signs,
 * and submit seals it; the screen then starts again at the upload step, and the sealed agreement is in the panel.
 */
export function CosignersPage() {
  const form = useForm<AgreementForm, unknown, z.output<typeof agreementFormSchema>>({
    resolver: zodResolver(agreementFormSchema),
    defaultValues: emptyForm,
  });
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [parent, setParent] = useState<Signed | null>(null);
  const [minor, setMinor] = useState<Signed | null>(null);
  const [customer, setCustomer] = useState<{ id: string; name: string } | null>(null);
  const [customerText, setCustomerText] = useState('');
  const [correcting, setCorrecting] = useState<MinorAgreement | null>(null);
  const [round, setRound] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const customers = useCustomerOptions(customerText.trim(), customerText.trim().length > 0);
  const submit = useSubmitAgreement();
  const errors = form.formState.errors;
  const parentName = form.watch('parent_name')?.trim() || 'the parent or guardian';
  const minorName = form.watch('minor_name')?.trim() || 'the minor';
  const vehicle = form.watch('vehicle_details')?.trim() || 'the vehicle';

  const reset = () => {
    form.reset(emptyForm);
    setStep('upload');
    setFile(null);
    setParent(null);
    setMinor(null);
    setCustomer(null);
    setCustomerText('');
    setCorrecting(null);
    setRound((n) => n + 1);
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
    form.reset({
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
    setCorrecting(agreement);
    setCustomer({ id: agreement.customer_id, name: agreement.customer_name });
    setCustomerText(agreement.customer_name);
    setStep('upload');
    setFile(null);
    setParent(null);
    setMinor(null);
    setRound((n) => n + 1);
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

  const field = (name: keyof AgreementForm, label: string, props: React.ComponentProps<'input'> = {}) => (
    <FormField label={label} htmlFor={`agreement-${name}`} error={errors[name]?.message}>
      <Input {...props} {...form.register(name)} />
    </FormField>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Minor Co-Signer Agreements" description="Agreements signed by a parent or guardian and the minor" />
      <StepProgress current={step} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Customer Information</CardTitle>
            <CardDescription>
              {correcting
                ? `Correcting the agreement sealed for ${correcting.minor_name}: the new one refers to it.`
                : 'The minor, the parent or guardian who co-signs, and the deal'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form
              id="agreement-form"
              onSubmit={seal}
              noValidate
              className="grid gap-3 sm:grid-cols-2"
              aria-label="Customer information"
            >
              {field('minor_name', "Minor's Name", { autoComplete: 'off' })}
              {field('minor_age', "Minor's Age", { inputMode: 'numeric' })}
              {field('minor_email', "Minor's Email (Optional)", { type: 'email', autoComplete: 'off' })}
              {field('minor_phone', "Minor's Phone (Optional)", { type: 'tel', autoComplete: 'off' })}
              {field('parent_name', 'Parent/Guardian Name', { autoComplete: 'off' })}
              {field('parent_relationship', 'Relationship to Minor', { placeholder: 'Mother, Father, Guardian…' })}
              {field('parent_email', 'Parent/Guardian Email', { type: 'email', autoComplete: 'off' })}
              {field('parent_phone', 'Parent/Guardian Phone', { type: 'tel', autoComplete: 'off' })}
              <div className="sm:col-span-2">
                {field('vehicle_details', 'Vehicle Details', { placeholder: 'Year, make, model, VIN' })}
              </div>
              {field('deal_amount', 'Deal Amount', { inputMode: 'decimal', placeholder: '$' })}
              {field('deal_date', 'Deal Date', { type: 'date' })}
              <div className="grid gap-2">
                <Label htmlFor="agreement-customer">Customer (Optional)</Label>
                <SearchPicker
                  id="agreement-customer"
                  value={customerText}
                  placeholder="A new customer is made for the minor"
                  options={customers.data ?? []}
                  optionKey={(option) => option.id}
                  renderOption={(option) => (
                    <span className="flex justify-between gap-2">
                      <span className="truncate">{option.name}</span>
                      <span className="text-muted-foreground truncate text-xs">{option.email ?? option.phone ?? ''}</span>
                    </span>
                  )}
                  onChange={(event) => {
                    setCustomerText(event.target.value);
                    setCustomer(null);
                  }}
                  onPick={(option) => {
                    setCustomerText(option.name);
                    setCustomer({ id: option.id, name: option.name });
                  }}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="agreement-deal">Deal (Optional)</Label>
                <DealPicker key={round} id="agreement-deal" onChange={(deal) => form.setValue('deal_id', deal?.id)} />
              </div>
              <div className="sm:col-span-2">
                <FormField label="Notes (Optional)" htmlFor="agreement-notes" error={errors.notes?.message}>
                  <Textarea rows={3} {...form.register('notes')} />
                </FormField>
              </div>
            </form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              {step === 'upload'
                ? 'Upload Document'
                : step === 'parent'
                  ? 'Parent Signature'
                  : step === 'minor'
                    ? 'Minor Signature'
                    : 'Complete'}
            </CardTitle>
            <CardDescription>
              {step === 'upload'
                ? 'The agreement to be signed, as a PDF'
                : step === 'parent'
                  ? `${parentName} signs as co-signer`
                  : step === 'minor'
                    ? `${minorName} signs`
                    : 'Both have signed: submit to seal the agreement'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {file && (
              <p className="flex items-center gap-2 text-sm">
                <FileCheck2 className="size-4" aria-hidden /> {file.name} · {formatFileSize(file.size)}
              </p>
            )}
            {step === 'upload' && (
              <div className="grid gap-2">
                <Label htmlFor="agreement-file">Agreement (PDF)</Label>
                <Input
                  id="agreement-file"
                  ref={fileInput}
                  type="file"
                  accept="application/pdf,.pdf"
                  onChange={(event) => void choose(event.target.files?.[0])}
                />
                <p className="text-muted-foreground text-xs">
                  <Upload className="mr-1 inline size-3" aria-hidden />
                  {PDF_LIMIT_MESSAGE}
                </p>
              </div>
            )}
            {step === 'parent' && (
              <SignStep
                key={`parent-${round}`}
                who="Parent"
                consentText={signingConsent(parentName, 'parent', vehicle)}
                onSigned={(signed) => {
                  setParent(signed);
                  setStep('minor');
                }}
              />
            )}
            {step === 'minor' && (
              <SignStep
                key={`minor-${round}`}
                who="Minor"
                consentText={signingConsent(minorName, 'minor', vehicle)}
                onSigned={(signed) => {
                  setMinor(signed);
                  setStep('complete');
                }}
              />
            )}
            {step === 'complete' && (
              <div className="flex flex-wrap gap-2">
                <Badge>Parent signed</Badge>
                <Badge>Minor signed</Badge>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" form="agreement-form" disabled={submit.isPending}>
                {submit.isPending ? 'Sealing...' : 'Submit Agreement'}
              </Button>
              <Button type="button" variant="outline" onClick={reset} disabled={submit.isPending}>
                <RotateCcw /> Start Over
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
      <AgreementsPanel onCorrect={correct} />
    </div>
  );
}
