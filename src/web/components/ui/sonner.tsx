import * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * App-wide toast outlet. Upstream reads the theme from `next-themes`; here the
 * app passes it in (`"light" | "dark" | "system"`).
 */
function Toaster({ theme = 'system', richColors = true, closeButton = true, duration = 5000, ...props }: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      richColors={richColors}
      closeButton={closeButton}
      duration={duration}
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
