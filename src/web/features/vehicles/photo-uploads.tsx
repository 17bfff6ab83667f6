import { useState, type DragEvent, type RefObject } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from '@shared/vehicles/photos';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { readVehiclePhotos, useOrderPhotos, useUploadPhoto } from './api';

type Upload = { key: string; name: string; sent: number; error: string | null };

const percent = new Intl.NumberFormat('en-US', { style: 'percent' });
/** A share (0 to 1) as the progress bar's value (0 to 100). */
const PERCENT = 100;

/** Files sent side by side: enough to keep the line busy, few enough to leave the server for others. */
const PARALLEL_UPLOADS = 2;

/**
 * A vehicle's photos being uploaded, each with its progress or what went wrong: `addFiles` sends a batch side by side
 * and keeps the order the files were picked in; `dismiss` clears a failed one.
 */
export function usePhotoUploads(vehicleId: string, vehicleName: string, input: RefObject<HTMLInputElement | null>) {
  const upload = useUploadPhoto(vehicleId);
  const order = useOrderPhotos(vehicleId);
  const [uploads, setUploads] = useState<Upload[]>([]);

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const queued = files.map((file) => ({ file, key: `${file.name}-${file.size}-${crypto.randomUUID()}` }));
    setUploads((all) => [...all, ...queued.map(({ file, key }) => ({ key, name: file.name, sent: 0, error: null }))]);
    let done = 0;
    // The photos added, by the place each file was picked in: uploads side by side land in the order they finish.
    const added: (string | null)[] = queued.map(() => null);
    const next = queued.entries();
    const worker = async () => {
      for (const [index, { file, key }] of next) {
        if (file.size > MAX_PHOTO_BYTES) {
          patch(key, { error: PHOTO_TOO_LARGE });
          continue;
        }
        try {
          added[index] = (await upload.mutateAsync({ file, onProgress: (sent) => patch(key, { sent }) })).id;
          done++;
          setUploads((all) => all.filter((u) => u.key !== key));
        } catch (error) {
          patch(key, { error: errorMessage(error, 'The upload failed. Please try again.') });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queued.length) }, worker));
    await keepPickedOrder(added.filter((id): id is string => id !== null));
    if (done > 0) notifySuccess(done === 1 ? 'Photo added' : `${done} photos added`, vehicleName);
    if (input.current) input.current.value = '';
  };

  /** Puts a batch's photos in the order their files were picked, where they landed otherwise. */
  const keepPickedOrder = async (picked: string[]) => {
    if (picked.length < 2) return;
    const current = (await readVehiclePhotos(vehicleId)).items.map((p) => p.id);
    const batch = new Set(picked);
    let next = 0;
    const wanted = current.map((id) => (batch.has(id) ? picked[next++]! : id));
    if (wanted.every((id, i) => id === current[i])) return;
    await order
      .mutateAsync(wanted)
      .catch((error: unknown) =>
        notifyError('Could not put the photos in the order picked', errorMessage(error, 'Reorder them by dragging.')),
      );
  };

  const dismiss = (key: string) => setUploads((all) => all.filter((x) => x.key !== key));

  return { uploads, addFiles, dismiss };
}

/** Where photos are dropped, or chosen with the file picker (a phone offers its camera there). */
export function PhotoDropZone({
  input,
  onFiles,
  hidden,
}: {
  input: RefObject<HTMLInputElement | null>;
  onFiles: (files: File[]) => void;
  hidden: boolean;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`${hidden ? 'hidden' : 'grid'} justify-items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm ${
        dragging ? 'border-primary bg-primary/5' : 'border-border'
      }`}
    >
      <ImagePlus className="text-muted-foreground size-6" aria-hidden />
      <p className="text-muted-foreground">Drop photos here, or</p>
      <Button type="button" variant="outline" onClick={() => input.current?.click()}>
        Choose photos
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif"
        className="sr-only"
        aria-label="Add photos"
        onChange={(event) => onFiles([...(event.target.files ?? [])])}
      />
    </div>
  );
}

/** The photos on their way, each with its progress, or what went wrong and a button to dismiss it. */
export function UploadList({ uploads, onDismiss }: { uploads: Upload[]; onDismiss: (key: string) => void }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="Photos being uploaded">
      {uploads.map((u) => (
        <li key={u.key} className="grid gap-1 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate">{u.name}</span>
            {u.error ? (
              <Button
                type="button"
                size="icon-sm"
                variant="ghost"
                aria-label={`Dismiss ${u.name}`}
                onClick={() => onDismiss(u.key)}
              >
                <X />
              </Button>
            ) : (
              <span className="text-muted-foreground tabular-nums">{percent.format(u.sent)}</span>
            )}
          </div>
          {u.error ? (
            <p role="alert" className="text-destructive">
              {u.error}
            </p>
          ) : (
            <Progress value={Math.round(u.sent * PERCENT)} aria-label={`Uploading ${u.name}`} />
          )}
        </li>
      ))}
    </ul>
  );
}
