import { lazy, Suspense, useState } from 'react';
import { Upload } from 'lucide-react';
import type { ImportKind } from '@shared/imports/fields';
import { Button } from '@/components/ui/button';

// The dialog and its steps load when first opened, so the list page stays light.
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));

/** The list page's Import button and its dialog. */
export function ImportButton({ kind }: { kind: ImportKind }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Upload /> Import
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ImportDialog kind={kind} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
