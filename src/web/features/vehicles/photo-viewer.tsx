import type { Dispatch, SetStateAction } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { VehiclePhoto } from '@shared/vehicles/photos';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** A photo full screen, with Previous and Next through the vehicle's photos. */
export function PhotoViewer({
  items,
  open,
  setOpen,
}: {
  items: VehiclePhoto[];
  /** The place of the photo shown, or null when none is. */
  open: number | null;
  setOpen: Dispatch<SetStateAction<number | null>>;
}) {
  const shown = open === null ? null : items[open];
  return (
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
  );
}
