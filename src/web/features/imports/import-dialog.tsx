import { useState } from 'react';
import { AlertCircle, Loader2 } from 'lucide-react';
import { mappingProblem, type ImportKind, type ImportMapping } from '@shared/imports/fields';
import type { ImportReport, ImportRunEvent, ImportUpload, InvalidRow, ImportSummary } from '@shared/imports/schemas';
import { importButtonLabel, importOutcome, rowsWritten } from '@shared/imports/wording';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useDryRun, useRunImport, useUndoImport, useUploadImport } from './api';
import { ImportReportView } from './import-report';
import { MappingStep } from './mapping-step';

type Step =
  | { name: 'file' }
  | { name: 'mapping'; upload: ImportUpload }
  | { name: 'report'; upload: ImportUpload; report: ImportReport }
  | { name: 'running'; upload: ImportUpload; done: number; total: number }
  | { name: 'finished'; upload: ImportUpload; summary: ImportSummary; invalidRows: InvalidRow[]; failure?: string };

const nouns: Record<ImportKind, string> = { customers: 'customers', vehicles: 'vehicles' };

function ErrorLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-destructive flex items-start gap-2 text-sm">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> {message}
    </p>
  );
}

/**
 * The import's steps and what moves between them: upload the file, check the mapped rows, run the import (its progress
 * arrives as it goes), undo it. A failure leaves the step it happened in, with `error` saying why.
 */
function useImportSteps(kind: ImportKind, onOpenChange: (open: boolean) => void) {
  const [step, setStep] = useState<Step>({ name: 'file' });
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [error, setError] = useState<string | null>(null);
  const [undone, setUndone] = useState<string | null>(null);
  const upload = useUploadImport(kind);
  const dryRun = useDryRun();
  const undo = useUndoImport(kind);
  const onEvent = (event: ImportRunEvent) => {
    if (event.type === 'progress') setStep((s) => (s.name === 'running' ? { ...s, done: event.done, total: event.total } : s));
  };
  const run = useRunImport(kind, onEvent);
  const running = step.name === 'running';

  const reset = () => {
    setStep({ name: 'file' });
    setFile(null);
    setError(null);
    setUndone(null);
  };
  const close = (next: boolean) => {
    if (running) return;
    onOpenChange(next);
    if (!next) reset();
  };

  const send = async () => {
    if (!file) return setError('Choose a CSV file to import');
    setError(null);
    try {
      const uploaded = await upload.mutateAsync(file);
      setMapping(uploaded.mapping);
      setStep({ name: 'mapping', upload: uploaded });
    } catch (e) {
      setError(errorMessage(e, 'The file could not be uploaded. Please try again.'));
    }
  };

  const check = async (current: ImportUpload) => {
    const problem = mappingProblem(kind, mapping, current.headers.length);
    if (problem) return setError(problem);
    setError(null);
    try {
      setStep({ name: 'report', upload: current, report: await dryRun.mutateAsync({ id: current.id, mapping }) });
    } catch (e) {
      setError(errorMessage(e, 'The rows could not be checked. Please try again.'));
    }
  };

  const start = async (current: ImportUpload, report: ImportReport) => {
    setError(null);
    setStep({ name: 'running', upload: current, done: 0, total: current.row_count });
    try {
      const outcome = await run.mutateAsync({ id: current.id, mapping });
      if (outcome.type === 'done') {
        setStep({ name: 'finished', upload: current, summary: outcome.summary, invalidRows: outcome.invalid_rows });
      } else if (outcome.type === 'failed' && outcome.summary) {
        setStep({ name: 'finished', upload: current, summary: outcome.summary, invalidRows: [], failure: outcome.message });
      } else {
        throw new Error(outcome.type === 'failed' ? outcome.message : 'The import did not finish.');
      }
    } catch (e) {
      setStep({ name: 'report', upload: current, report });
      setError(errorMessage(e, 'The import did not finish. Please try again.'));
    }
  };

  const takeBack = async (summary: ImportSummary) => {
    setError(null);
    try {
      const result = await undo.mutateAsync(summary.id);
      setUndone(
        [`Undone: ${formatCount(result.removed)} removed, ${formatCount(result.restored)} restored.`, ...result.kept].join(' '),
      );
    } catch (e) {
      setError(errorMessage(e, 'The import could not be undone. Please try again.'));
    }
  };

  return {
    step,
    setStep,
    setFile,
    mapping,
    setMapping,
    error,
    undone,
    running,
    pending: { upload: upload.isPending, dryRun: dryRun.isPending, undo: undo.isPending },
    reset,
    close,
    send,
    check,
    start,
    takeBack,
  };
}

const stepDescriptions: Record<Step['name'], (noun: string) => string> = {
  file: (noun) => `Upload a CSV file of ${noun}. Its first row should name the columns.`,
  mapping: () => 'Step 2 of 4: map the columns.',
  report: () => 'Step 3 of 4: what the import will do. Nothing has changed yet.',
  running: () => 'Step 4 of 4: importing. Keep this window open.',
  finished: () => 'Import finished.',
};

function FileStep({ kind, onChoose }: { kind: ImportKind; onChoose: (file: File | null) => void }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="import-file">CSV file</Label>
      <Input
        id="import-file"
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      <p className="text-muted-foreground text-xs">
        Existing {nouns[kind]} are matched on {kind === 'customers' ? 'e-mail or phone' : 'VIN'} and updated; the others are
        added.
      </p>
    </div>
  );
}

/** The rows imported so far while the import runs; its outcome once it has finished. */
function ImportProgress({ step, noun }: { step: Extract<Step, { name: 'running' | 'finished' }>; noun: string }) {
  return (
    <div className="grid gap-2">
      <div className="flex justify-between gap-3 text-sm" id="import-progress-label">
        {step.name === 'running' ? (
          <>
            <span>Importing {noun}…</span>
            <span className="tabular-nums">
              {formatCount(step.done)} of {formatCount(step.total)} rows
            </span>
          </>
        ) : (
          <span className="font-medium tabular-nums" data-testid="import-outcome">
            {importOutcome(step.summary)}
          </span>
        )}
      </div>
      <Progress
        aria-labelledby="import-progress-label"
        value={step.name === 'running' ? (step.total ? (100 * step.done) / step.total : 0) : 100}
      />
    </div>
  );
}

type ImportFlow = ReturnType<typeof useImportSteps>;

/** The buttons that move the import on from the step it is at. */
function ImportActions({ flow }: { flow: ImportFlow }) {
  const { step, pending } = flow;
  return (
    <DialogFooter className="gap-2">
      {step.name === 'file' && (
        <Button onClick={flow.send} disabled={pending.upload}>
          {pending.upload && <Loader2 className="animate-spin" />} Upload
        </Button>
      )}
      {step.name === 'mapping' && (
        <>
          <Button variant="outline" onClick={flow.reset}>
            Choose another file
          </Button>
          <Button onClick={() => flow.check(step.upload)} disabled={pending.dryRun}>
            {pending.dryRun && <Loader2 className="animate-spin" />} Check rows
          </Button>
        </>
      )}
      {step.name === 'report' && (
        <>
          <Button variant="outline" onClick={() => flow.setStep({ name: 'mapping', upload: step.upload })}>
            Back to mapping
          </Button>
          {/* The label says what is skipped too, so on a phone it may take two lines. */}
          <Button
            className="h-auto min-h-9 py-2 text-center whitespace-normal"
            onClick={() => flow.start(step.upload, step.report)}
            disabled={rowsWritten(step.report) === 0}
          >
            {importButtonLabel(step.report)}
          </Button>
        </>
      )}
      {step.name === 'finished' && (
        <>
          {step.summary.undo_until && !flow.undone && (
            <Button variant="outline" onClick={() => flow.takeBack(step.summary)} disabled={pending.undo}>
              {pending.undo && <Loader2 className="animate-spin" />} Undo import
            </Button>
          )}
          <Button onClick={() => flow.close(false)}>Done</Button>
        </>
      )}
    </DialogFooter>
  );
}

/** Import a CSV file: choose it, map its columns, check the rows, import them with a progress bar, undo within the hour. */
export function ImportDialog({
  kind,
  open,
  onOpenChange,
}: {
  kind: ImportKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const flow = useImportSteps(kind, onOpenChange);
  const { step, running } = flow;
  const noun = nouns[kind];

  return (
    <Dialog open={open} onOpenChange={flow.close}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl"
        showCloseButton={!running}
        onEscapeKeyDown={(event) => running && event.preventDefault()}
        onInteractOutside={(event) => running && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Import {noun}</DialogTitle>
          <DialogDescription>{stepDescriptions[step.name](noun)}</DialogDescription>
        </DialogHeader>

        {step.name === 'file' && <FileStep kind={kind} onChoose={flow.setFile} />}

        {step.name === 'mapping' && (
          <MappingStep kind={kind} upload={step.upload} mapping={flow.mapping} onChange={flow.setMapping} />
        )}

        {step.name === 'report' && <ImportReportView counts={step.report} invalidRows={step.report.invalid_rows} />}

        {(step.name === 'running' || step.name === 'finished') && <ImportProgress step={step} noun={noun} />}

        {step.name === 'finished' && (
          <div className="grid gap-3">
            {step.failure && <ErrorLine message={step.failure} />}
            <ImportReportView counts={step.summary} invalidRows={step.invalidRows} />
            {flow.undone && (
              <p role="status" className="text-sm">
                {flow.undone}
              </p>
            )}
          </div>
        )}

        <ErrorLine message={flow.error} />

        <ImportActions flow={flow} />
      </DialogContent>
    </Dialog>
  );
}
