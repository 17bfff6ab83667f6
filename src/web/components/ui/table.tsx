import * as React from 'react';

import { cn } from '@/lib/utils';

/** Which edges of a scroller have more content past them, kept up to date as it scrolls or resizes. */
function useScrollEdges<T extends HTMLElement>() {
  const ref = React.useRef<T>(null);
  const [edges, setEdges] = React.useState({ left: false, right: false });
  React.useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  return [ref, edges] as const;
}

/** A table that fits its box, or scrolls sideways with a shadow on the edge that has more columns past it. */
function Table({ className, ...props }: React.ComponentProps<'table'>) {
  const [ref, edges] = useScrollEdges<HTMLDivElement>();
  return (
    <div className="relative w-full">
      {/* A table wider than its box can be scrolled from the keyboard too; it holds what is placed in it (screen-reader text), so nothing sticks out past the page. */}
      <div
        ref={ref}
        data-slot="table-container"
        className="focus-visible:ring-ring/50 relative w-full overflow-x-auto rounded-sm outline-none focus-visible:ring-[3px]"
        {...(edges.left || edges.right ? { tabIndex: 0, role: 'region', 'aria-label': 'Table, scrolls sideways' } : {})}
      >
        <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
      </div>
      <div
        aria-hidden
        className={cn(
          'from-foreground/15 pointer-events-none absolute inset-y-0 left-0 w-4 bg-gradient-to-r to-transparent transition-opacity',
          edges.left ? 'opacity-100' : 'opacity-0',
        )}
      />
      <div
        aria-hidden
        data-slot="table-scroll-cue"
        data-visible={edges.right}
        className={cn(
          'from-foreground/15 pointer-events-none absolute inset-y-0 right-0 w-4 bg-gradient-to-l to-transparent transition-opacity',
          edges.right ? 'opacity-100' : 'opacity-0',
        )}
      />
    </div>
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('bg-muted/50 border-t font-medium [&>tr]:last:border-b-0', className)}
      {...props}
    />
  );
}

function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('hover:bg-muted/50 data-[state=selected]:bg-muted border-b transition-colors', className)}
      {...props}
    />
  );
}

function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'text-foreground h-10 px-2 text-left align-middle font-medium whitespace-nowrap [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]',
        className,
      )}
      {...props}
    />
  );
}

function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td
      data-slot="table-cell"
      className={cn(
        'p-2 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]',
        className,
      )}
      {...props}
    />
  );
}

function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return <caption data-slot="table-caption" className={cn('text-muted-foreground mt-4 text-sm', className)} {...props} />;
}

export { Table, TableHeader, TableBody, TableFooter, TableHead, TableRow, TableCell, TableCaption };
