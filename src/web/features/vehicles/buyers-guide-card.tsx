import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, CheckCircle2, Pencil, Printer } from 'lucide-react';
import {
  buyersGuideSchema,
  dealerWarranties,
  guideVersionLabels,
  guideVersions,
  otherWarranties,
  otherWarrantyLabels,
  type BuyersGuideChoices,
  type BuyersGuideInput,
  type SavedBuyersGuide,
} from '@shared/vehicles/buyers-guide';
import { mayChangeRecord } from '@shared/users/roles';
import type { Vehicle } from '@shared/vehicles/types';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { useCurrentSession } from '@/features/auth/api';
import { errorMessage } from '@/lib/api-client';
import { urlOf } from '@/lib/contract';
import { vehiclesApi } from '@shared/vehicles/api';
import { formatDateTime } from '@/lib/format';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useBuyersGuide, useSaveBuyersGuide } from './api';

const warrantyLabels: Record<(typeof dealerWarranties)[number], string> = {
  none: 'No dealer warranty',
  full: 'Full warranty',
  limited: 'Limited warranty',
};

const emptyGuide: BuyersGuideInput = {
  version: 'as_is',
  dealer_warranty: 'none',
  labor_percent: null,
  parts_percent: null,
  systems_covered: '',
  duration: '',
  manufacturer_warranty: false,
  manufacturer_used_warranty: false,
  other_used_warranty: false,
  service_contract: false,
  stock_number: '',
  complaints_contact: '',
};

const toForm = (guide: SavedBuyersGuide | null): BuyersGuideInput =>
  guide
    ? {
        ...emptyGuide,
        ...guide,
        systems_covered: guide.systems_covered ?? '',
        duration: guide.duration ?? '',
        stock_number: guide.stock_number ?? '',
        complaints_contact: guide.complaints_contact ?? '',
      }
    : emptyGuide;

const percentInput = { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) };

/** Links that open the guide's PDF, in English and in Spanish (for a sale conducted in Spanish). */
export function PrintGuideLinks({ path, disabled = false }: { path: string; disabled?: boolean }) {
  const links = [
    { label: 'Print Buyers Guide', href: path, lang: undefined },
    { label: 'Guía en español', href: `${path}?lang=es`, lang: 'es' },
  ];
  return (
    <div className="flex flex-wrap gap-2">
      {links.map(({ label, href, lang }) =>
        disabled ? (
          <Button key={label} variant="outline" size="sm" disabled lang={lang}>
            <Printer /> {label}
          </Button>
        ) : (
          <Button key={label} variant="outline" size="sm" asChild>
            <a href={href} target="_blank" rel="noreferrer" lang={lang}>
              <Printer /> {label}
            </a>
          </Button>
        ),
      )}
    </div>
  );
}

function GuideForm({
  vehicleId,
  guide,
  version,
  onDone,
}: {
  vehicleId: string;
  guide: SavedBuyersGuide | null;
  version: string;
  onDone: () => void;
}) {
  const save = useSaveBuyersGuide(vehicleId);
  const form = useForm<BuyersGuideInput, unknown, BuyersGuideChoices>({
    resolver: zodResolver(buyersGuideSchema),
    defaultValues: toForm(guide),
  });
  const { register, control, formState, reset } = form;
  const errors = formState.errors;
  const warranty = useWatch({ control, name: 'dealer_warranty' });
  useEffect(() => reset(toForm(guide)), [guide, reset]);

  // Awaited rather than given callbacks: saving the first guide replaces this form with the guide's summary, and a
  // mutation's own callbacks are not called once the form that started it is gone.
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ guide: values, updated_at: version });
      notifySuccess('Buyers Guide saved', 'Print it and display it on the vehicle.');
      onDone();
    } catch (error) {
      if (!showServerErrors(form.setError, error, (field) => field.replace(/^guide\./, '')))
        notifyError('Could not save the Buyers Guide', errorMessage(error, 'Please try again.'));
    }
  });

  return (
    <form className="grid gap-5" noValidate onSubmit={onSubmit}>
      <Controller
        control={control}
        name="version"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">The guide's first box</legend>
            <RadioGroup value={field.value} onValueChange={field.onChange} className="grid gap-2 sm:grid-cols-2">
              {guideVersions.map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm">
                  <RadioGroupItem value={option} />
                  {guideVersionLabels[option]}
                </label>
              ))}
            </RadioGroup>
            <p className="text-muted-foreground text-xs">
              Use Implied Warranties Only where your state does not allow vehicles to be sold as is.
            </p>
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name="dealer_warranty"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Dealer warranty</legend>
            <RadioGroup value={field.value} onValueChange={field.onChange} className="flex flex-wrap gap-4">
              {dealerWarranties.map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm">
                  <RadioGroupItem value={option} />
                  {warrantyLabels[option]}
                </label>
              ))}
            </RadioGroup>
          </fieldset>
        )}
      />
      {warranty === 'limited' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Dealer pays, labor (%)" htmlFor="labor_percent" error={errors.labor_percent?.message}>
            <Input {...register('labor_percent', percentInput)} type="number" inputMode="numeric" min={0} max={100} step={1} />
          </FormField>
          <FormField label="Dealer pays, parts (%)" htmlFor="parts_percent" error={errors.parts_percent?.message}>
            <Input {...register('parts_percent', percentInput)} type="number" inputMode="numeric" min={0} max={100} step={1} />
          </FormField>
        </div>
      )}
      {warranty !== 'none' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Systems covered" htmlFor="systems_covered" error={errors.systems_covered?.message}>
            <Textarea {...register('systems_covered')} rows={3} placeholder="e.g. Engine, transmission, drive axle" />
          </FormField>
          <FormField label="Duration" htmlFor="duration" error={errors.duration?.message}>
            <Textarea {...register('duration')} rows={3} placeholder="e.g. 90 days or 3,000 miles, whichever comes first" />
          </FormField>
        </div>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Other warranties and the service contract</legend>
        {[...otherWarranties, 'service_contract' as const].map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Checkbox
                  id={name}
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor={name} className="font-normal">
                  {name === 'service_contract' ? 'A service contract is available' : otherWarrantyLabels[name]}
                </Label>
              </div>
            )}
          />
        ))}
      </fieldset>
      <div className="grid gap-4">
        <FormField label="Dealer stock number (Optional)" htmlFor="stock_number" error={errors.stock_number?.message}>
          <Input {...register('stock_number')} autoComplete="off" />
        </FormField>
        <FormField
          label="For complaints after sale, contact (Optional)"
          htmlFor="complaints_contact"
          error={errors.complaints_contact?.message}
        >
          <Input {...register('complaints_contact')} autoComplete="off" placeholder="e.g. Jane Doe, General Manager" />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Buyers Guide'}
        </Button>
        {guide && (
          <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** The guide's choices in words: what an agent sees of it, and what a deal kept from the sale. */
export function BuyersGuideSummary({ guide }: { guide: SavedBuyersGuide }) {
  const others = otherWarranties.filter((name) => guide[name]).map((name) => otherWarrantyLabels[name]);
  const warranty =
    guide.dealer_warranty === 'none'
      ? guideVersionLabels[guide.version]
      : guide.dealer_warranty === 'full'
        ? 'Dealer warranty: full'
        : `Dealer warranty: limited (labor ${guide.labor_percent}%, parts ${guide.parts_percent}%)`;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted-foreground">Warranty</dt>
        <dd className="font-medium">{warranty}</dd>
      </div>
      {guide.dealer_warranty !== 'none' && (
        <div>
          <dt className="text-muted-foreground">Systems covered, duration</dt>
          <dd className="font-medium">
            {guide.systems_covered}; {guide.duration}
          </dd>
        </div>
      )}
      <div>
        <dt className="text-muted-foreground">Other warranties</dt>
        <dd className="font-medium">{others.length > 0 ? others.join('; ') : 'None'}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Service contract</dt>
        <dd className="font-medium">{guide.service_contract ? 'Available' : 'Not offered'}</dd>
      </div>
    </dl>
  );
}

/**
 * The FTC Buyers Guide of a used vehicle: its choices, completed by whoever may change the vehicle, printed in English or
 * Spanish to display on the vehicle; a used vehicle offered without one is flagged here and in the inventory.
 */
export function BuyersGuideCard({ vehicle }: { vehicle: Pick<Vehicle, 'id' | 'condition' | 'status' | 'user_id'> }) {
  return vehicle.condition === 'used' ? <UsedVehicleGuide vehicle={vehicle} /> : null;
}

function UsedVehicleGuide({ vehicle }: { vehicle: Pick<Vehicle, 'id' | 'status' | 'user_id'> }) {
  const { user } = useCurrentSession();
  const query = useBuyersGuide(vehicle.id);
  const [editing, setEditing] = useState(false);
  // Its owner, editors and admins: whoever lists the vehicle fills in what the dealer warrants.
  const mayEdit = mayChangeRecord(user, vehicle.user_id);
  const path = urlOf(vehiclesApi.buyersGuidePdf, { params: { id: vehicle.id } });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Buyers Guide</CardTitle>
        <CardDescription>
          The FTC requires this guide on every used vehicle offered for sale (16 CFR 455). It becomes part of the sales contract.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <QueryState query={query} loadingMessage="Loading the Buyers Guide..." failedMessage="Failed to load the Buyers Guide">
          {({ guide, updated_at }) => (
            <>
              {guide ? (
                <p className="flex items-center gap-2 text-sm">
                  <CheckCircle2 className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
                  Completed by {guide.saved_by}, {formatDateTime(guide.saved_at)}
                </p>
              ) : (
                <p className="flex items-center gap-2 text-sm font-medium text-amber-700 dark:text-amber-400" role="status">
                  <AlertTriangle className="size-4" aria-hidden />
                  {vehicle.status === 'sold'
                    ? 'No Buyers Guide was completed.'
                    : 'Not completed: the vehicle is not shown for sale until it is.'}
                </p>
              )}
              {mayEdit && (editing || !guide) ? (
                <GuideForm vehicleId={vehicle.id} guide={guide} version={updated_at} onDone={() => setEditing(false)} />
              ) : (
                guide && <BuyersGuideSummary guide={guide} />
              )}
              <div className="flex flex-wrap gap-2">
                <PrintGuideLinks path={path} disabled={!guide} />
                {mayEdit && guide && !editing && (
                  <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                    <Pencil /> Change the guide
                  </Button>
                )}
              </div>
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
