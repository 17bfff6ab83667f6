import { Copy, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess } from '@/lib/toast';

const asText = (email: string, codes: string[]) =>
  `Torque recovery codes for ${email}\nEach code signs you in once, in place of a code from your authenticator app.\n\n${codes.join('\n')}\n`;

/** The recovery codes, shown once right after enrolment, with Copy and Download; they live only in this screen's memory. */
export function RecoveryCodes({ email, codes }: { email: string; codes: string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asText(email, codes));
      notifySuccess('Recovery codes copied');
    } catch {
      notifyError('Copy failed', 'Select the codes and copy them, or use Download.');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([asText(email, codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'torque-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="grid gap-3">
      <ol
        aria-label="Recovery codes"
        className="bg-muted grid grid-cols-2 gap-x-4 gap-y-1 rounded-md p-3 font-mono text-sm select-all sm:text-base"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy /> Copy
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download /> Download
        </Button>
      </div>
    </div>
  );
}
