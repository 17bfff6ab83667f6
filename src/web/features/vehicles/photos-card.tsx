import { useRef, useState } from 'react';
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
import { ChevronLeft, ChevronRight, GripVertical, Star, Trash2 } from 'lucide-react';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_VEHICLE, type VehiclePhoto } from '@shared/vehicles/photos';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { PhotoDropZone, UploadList, usePhotoUploads } from './photo-uploads';
import { PhotoViewer } from './photo-viewer';
import { useDeletePhoto, useOrderPhotos, useVehiclePhotos } from './api';

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

/** The photos in their order, each tile dragged (or moved with its arrows) to reorder them. */
function PhotoGrid({
  list,
  onMove,
  onOpen,
  onDelete,
  readOnly,
}: {
  list: VehiclePhoto[];
  onMove: (from: number, to: number) => void;
  onOpen: (index: number) => void;
  onDelete: (photo: VehiclePhoto) => Promise<unknown>;
  readOnly: boolean;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(
      list.findIndex((p) => p.id === active.id),
      list.findIndex((p) => p.id === over.id),
    );
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={list.map((p) => p.id)} strategy={rectSortingStrategy}>
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Vehicle photos">
          {list.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              index={index}
              count={list.length}
              onMove={onMove}
              onOpen={() => onOpen(index)}
              readOnly={readOnly}
              onDelete={() => onDelete(photo)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
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
  const order = useOrderPhotos(vehicleId);
  const remove = useDeletePhoto(vehicleId);
  const input = useRef<HTMLInputElement>(null);
  const { uploads, addFiles, dismiss } = usePhotoUploads(vehicleId, vehicleName, input);
  const [open, setOpen] = useState<number | null>(null);
  const items = photos.data?.items ?? [];

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

  const deletePhoto = (photo: VehiclePhoto) =>
    remove.mutateAsync(photo.id).then(
      () => notifySuccess('Photo deleted', photo.file_name),
      (error: unknown) => {
        notifyError('Could not delete the photo', errorMessage(error, 'Please try again.'));
        throw error;
      },
    );

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
        <PhotoDropZone input={input} onFiles={(files) => void addFiles(files)} hidden={readOnly} />
        <UploadList uploads={uploads} onDismiss={dismiss} />
        <QueryState query={photos} loadingMessage="Loading photos..." failedMessage="The photos could not be loaded.">
          {({ items: list }) =>
            list.length === 0 ? (
              <p className="text-muted-foreground text-sm">No photos yet.</p>
            ) : (
              <PhotoGrid list={list} onMove={move} onOpen={setOpen} onDelete={deletePhoto} readOnly={readOnly} />
            )
          }
        </QueryState>
      </CardContent>
      <PhotoViewer items={items} open={open} setOpen={setOpen} />
    </Card>
  );
}
