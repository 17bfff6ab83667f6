import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Above a list: its search, its Filter button, and Export, a CSV of what the search and filters select. */
export function ListToolbar({ search, filters, exportHref }: { search: ReactNode; filters: ReactNode; exportHref: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      {search}
      <div className="flex gap-2">
        {filters}
        <Button variant="outline" asChild>
          <a href={exportHref} download>
            <Download /> Export
          </a>
        </Button>
      </div>
    </div>
  );
}
