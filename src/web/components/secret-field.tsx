import { useState } from 'react';
import { Copy, ExternalLink, Eye, EyeOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notifySuccess } from '@/lib/toast';

/** Copies `text` and says what was copied; where the browser refuses the clipboard, offers the text to copy by hand. */
export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess('Copied', what);
  } catch {
    window.prompt(`Copy the ${what.toLowerCase()}`, text);
  }
}

/** A signing secret, hidden until shown, with Show/Hide and Copy; `label` names whose secret it is. */
export function SecretField({ secret, label }: { secret: string; label: string }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <code className="bg-muted min-w-0 flex-1 truncate rounded px-2 py-1 text-xs">{shown ? secret : '•'.repeat(24)}</code>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => setShown(!shown)}
        aria-label={shown ? 'Hide the secret' : 'Show the secret'}
      >
        {shown ? <EyeOff /> : <Eye />}
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => copyText(secret, 'Signing secret')}
        aria-label={`Copy the ${label} secret`}
      >
        <Copy />
      </Button>
    </>
  );
}

/** A value to hand to another service (an address), shown whole in one line, with a Copy button. */
export function CopyField({ value, what, copyLabel }: { value: string; what: string; copyLabel: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <code className="bg-muted min-w-0 flex-1 truncate rounded px-2 py-1 text-xs">{value}</code>
      <Button variant="ghost" size="icon-sm" onClick={() => copyText(value, what)} aria-label={copyLabel}>
        <Copy />
      </Button>
    </div>
  );
}

/**
 * An address to give to someone or something else (a web form's, a feed's, a vehicle's public page), on one line cut
 * to its width, with Copy and, when `open`, a link that opens it in a new tab. `label` names it for screen readers.
 */
export function AddressField({
  address,
  label,
  open = false,
  testId,
}: {
  address: string;
  label: string;
  open?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <code className="bg-muted min-w-0 flex-1 truncate rounded px-2 py-1 text-xs" data-testid={testId}>
        {address}
      </code>
      <Button variant="ghost" size="icon-sm" onClick={() => copyText(address, label)} aria-label={`Copy the ${label}`}>
        <Copy />
      </Button>
      {open && (
        <Button variant="ghost" size="icon-sm" asChild>
          <a href={address} target="_blank" rel="noreferrer" aria-label={`Open the ${label}`}>
            <ExternalLink />
          </a>
        </Button>
      )}
    </div>
  );
}
