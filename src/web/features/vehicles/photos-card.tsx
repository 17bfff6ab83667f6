import { useRef, useState, type DragEvent } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronLeft, ChevronRight, GripVertical, ImagePlus, Star, Trash2, X } from 'lucide-react';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_VEHICLE, PHOTO_TOO_LARGE, type VehiclePhoto } from '@shared/vehicles/photos';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { readVehiclePhotos, useDeletePhoto, useOrderPhotos, useUploadPhoto, useVehiclePhotos } from './api';

type Upload = { key: string; name: string; sent: number; error: string | null };

const percent = new Intl.NumberFormat('en-US', { style: 'percent' });
/** A share (0 to 1) as the progress bar's value (0 to 100). */
const PERCENT = 100;

/** Files sent side by side: enough to keep the line busy, few enough to leave the server for others. */
const PARALLEL_UPLOADS = 2;

function PhotoTile({
  photo,
  index,
  count,
  onMove,
  onOpen,
  onDelete,
  readOnly,
}: {
  photo: VehiclePhoto;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onOpen: () => void;
  onDelete: () => Promise<unknown>;
  /** Seen, not changed: a colleague's vehicle in a shared inventory. */
  readOnly: boolean;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: photo.id });
  const label = `Photo ${index + 1}${index === 0 ? ', the cover' : ''}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`bg-card relative grid min-w-0 gap-1.5 rounded-lg border p-1.5 ${isDragging ? 'z-10 shadow-lg' : ''}`}
      aria-label={label}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Open ${label} full screen`}
        className="focus-visible:ring-ring/50 block w-full rounded-md outline-none focus-visible:ring-[3px]"
      >
        <img src={photo.urls.card} alt={photo.file_name} loading="lazy" className="aspect-[4/3] w-full rounded-md object-cover" />
      </button>
      {index === 0 && (
        <Badge className="absolute top-3 left-3" variant="default">
          <Star aria-hidden /> Cover
        </Badge>
      )}
      <div className={readOnly ? 'hidden' : 'flex flex-wrap items-center justify-between'}>
        <Button
          type="button"
          size="icon-sm"
          variant="ghost"
          className="cursor-grab touch-none"
          aria-label={`Drag ${label} to reorder`}
          {...attributes}
          {...listeners}
        >
          <GripVertical />
        </Button>
        <div className="flex flex-wrap items-center">
          <Button
            type="button"
            size="icon-sm"
            variant="ghost"
            aria-label={`Move ${label} earlier`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ChevronLeft />
          </Button>
          <Button
            type="button"
            size="icon-sm"
            variant="ghost"
            aria-label={`Move ${label} later`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ChevronRight />
          </Button>
          {index > 0 && (
            <Button
              type="button"
              size="icon-sm"
              variant="ghost"
              aria-label={`Make photo ${index + 1} the cover`}
              onClick={() => onMove(index, 0)}
            >
              <Star />
            </Button>
          )}
          <DeleteButton
            title="Delete this photo?"
            description={`${photo.file_name} is removed from the vehicle and from its listings.`}
            onDelete={onDelete}
            trigger={
              <Button type="button" size="icon-sm" variant="ghost" aria-label={`Delete photo ${index + 1}`}>
                <Trash2 />
              </Button>
            }
          />
        </div>
      </div>
    </li>
  );
}

/**
 * The vehicle's photos: many added at once (a drop, the file picker, or a phone's camera), each with its progress;
 * reordered by dragging (or the arrows, from the keyboard), the first the cover; opened full screen; deleted.
 */
export function PhotosCard({
  vehicleId,
  vehicleName,
  readOnly = false,
}: {
  vehicleId: string;
  vehicleName: string;
  /** Seen, not changed: a colleague's vehicle in a shared inventory (its owner, editors and admins change it). */
  readOnly?: boolean;
}) {
  const photos = useVehiclePhotos(vehicleId);
  const upload = useUploadPhoto(vehicleId);
  const order = useOrderPhotos(vehicleId);
  const remove = useDeletePhoto(vehicleId);
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const items = photos.data?.items ?? [];

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

  const move = (from: number, to: number) => {
    const ids = arrayMove(
      items.map((p) => p.id),
      from,
      to,
    );
    order.mutate(ids, {
      onError: (error) => notifyError('Could not reorder the photos', errorMessage(error, 'Please try again.')),
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((p) => p.id === active.id),
      items.findIndex((p) => p.id === over.id),
    );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  };

  const shown = open === null ? null : items[open];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Photos</CardTitle>
        <CardDescription>
          The first is the cover, shown in the inventory and on offers. Up to {MAX_PHOTOS_PER_VEHICLE} photos of at most{' '}
          {MAX_PHOTO_BYTES / 1024 / 1024} MB each: JPEG, PNG, WebP, AVIF or HEIC (a phone's own format).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`${readOnly ? 'hidden' : 'grid'} justify-items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm ${
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
            onChange={(event) => void addFiles([...(event.target.files ?? [])])}
          />
        </div>
        {uploads.length > 0 && (
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
                      onClick={() => setUploads((all) => all.filter((x) => x.key !== u.key))}
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
        )}
        <QueryState query={photos} loadingMessage="Loading photos..." failedMessage="The photos could not be loaded.">
          {({ items: list }) =>
            list.length === 0 ? (
              <p className="text-muted-foreground text-sm">No photos yet.</p>
            ) : (
              <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
                <SortableContext items={list.map((p) => p.id)} strategy={rectSortingStrategy}>
                  <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Vehicle photos">
                    {list.map((photo, index) => (
                      <PhotoTile
                        key={photo.id}
                        photo={photo}
                        index={index}
                        count={list.length}
                        onMove={move}
                        onOpen={() => setOpen(index)}
                        readOnly={readOnly}
                        onDelete={() =>
                          remove.mutateAsync(photo.id).then(
                            () => notifySuccess('Photo deleted', photo.file_name),
                            (error: unknown) => {
                              notifyError('Could not delete the photo', errorMessage(error, 'Please try again.'));
                              throw error;
                            },
                          )
                        }
                      />
                    ))}
                  </ol>
                </SortableContext>
              </DndContext>
            )
          }
        </QueryState>
      </CardContent>
      <Dialog open={shown !== null && shown !== undefined} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-[min(96vw,80rem)] p-2 sm:max-w-[min(96vw,80rem)]">
          <DialogTitle className="sr-only">
            Photo {(open ?? 0) + 1} of {items.length}
          </DialogTitle>
          <DialogDescription className="sr-only">{shown?.file_name}</DialogDescription>
          {shown && (
            <div className="grid gap-2">
              <img src={shown.urls.full} alt={shown.file_name} className="max-h-[80svh] w-full rounded-md object-contain" />
              <div className="flex items-center justify-between">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={open === 0}
                  onClick={() => setOpen((n) => (n === null ? n : n - 1))}
                >
                  <ChevronLeft /> Previous
                </Button>
                <span className="text-muted-foreground text-sm">
                  {(open ?? 0) + 1} / {items.length}
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={open === items.length - 1}
                  onClick={() => setOpen((n) => (n === null ? n : n + 1))}
                >
                  Next <ChevronRight />
                </Button>
              </div>
            </div>
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
