import { useState, type RefObject } from 'react';
import { ArrowRight, FileCheck2, RotateCcw, Upload } from 'lucide-react';
import { PDF_LIMIT_MESSAGE, signingConsent } from '@shared/cosigners/schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatFileSize } from '@/lib/format';
import { SignatureField } from './signature-field';
import { stepLabels, type Step } from './step-progress';

export type Signed = { image: string; signed_at: string; consent: true };

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

/** What the card says under its title at each step. */
function stepDescription(step: Step, names: { parent: string; minor: string }) {
  if (step === 'upload') return 'The agreement to be signed, as a PDF';
  if (step === 'parent') return `${names.parent} signs as co-signer`;
  if (step === 'minor') return `${names.minor} signs`;
  return 'Both have signed: submit to seal the agreement';
}

/**
 * The agreement's steps, one at a time: upload the PDF, the parent or guardian signs, the minor signs; then submit
 * (the customer information's form) or start over.
 */
export function SigningCard({
  step,
  round,
  file,
  fileInput,
  names,
  onChoose,
  onParentSigned,
  onMinorSigned,
  sealing,
  onStartOver,
}: {
  step: Step;
  /** Starts each signer's step afresh when the screen starts again. */
  round: number;
  file: File | null;
  fileInput: RefObject<HTMLInputElement | null>;
  names: { parent: string; minor: string; vehicle: string };
  onChoose: (file: File | undefined) => void;
  onParentSigned: (signed: Signed) => void;
  onMinorSigned: (signed: Signed) => void;
  sealing: boolean;
  onStartOver: () => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{stepLabels[step]}</CardTitle>
        <CardDescription>{stepDescription(step, names)}</CardDescription>
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
              onChange={(event) => onChoose(event.target.files?.[0])}
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
            consentText={signingConsent(names.parent, 'parent', names.vehicle)}
            onSigned={onParentSigned}
          />
        )}
        {step === 'minor' && (
          <SignStep
            key={`minor-${round}`}
            who="Minor"
            consentText={signingConsent(names.minor, 'minor', names.vehicle)}
            onSigned={onMinorSigned}
          />
        )}
        {step === 'complete' && (
          <div className="flex flex-wrap gap-2">
            <Badge>Parent signed</Badge>
            <Badge>Minor signed</Badge>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" form="agreement-form" disabled={sealing}>
            {sealing ? 'Sealing...' : 'Submit Agreement'}
          </Button>
          <Button type="button" variant="outline" onClick={onStartOver} disabled={sealing}>
            <RotateCcw /> Start Over
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
