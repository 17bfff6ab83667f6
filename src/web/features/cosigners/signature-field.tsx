import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Eraser } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * A pad to sign on with a mouse, a pen or a finger (signature_pad, pointer events). The drawing is kept across
 * resizes; `onChange` receives the PNG data URL after each stroke, or null once cleared.
 */
export function SignatureField({ label, onChange }: { label: string; onChange: (image: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = canvas.current!;
    const signature = new SignaturePad(element, { penColor: '#111827', backgroundColor: 'rgba(0,0,0,0)' });
    pad.current = signature;
    const fit = () => {
      const data = signature.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')!.scale(ratio, ratio);
      signature.clear();
      signature.fromData(data);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    const ended = () => {
      setEmpty(signature.isEmpty());
      changed.current(signature.isEmpty() ? null : signature.toDataURL('image/png'));
    };
    signature.addEventListener('endStroke', ended);
    return () => {
      observer.disconnect();
      signature.removeEventListener('endStroke', ended);
      signature.off();
    };
  }, []);

  return (
    <div className="grid gap-2">
      <div className="relative rounded-md border bg-white">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${label}: draw your signature here`}
          className="block h-40 w-full touch-none"
        />
        {empty && (
          <span className="pointer-events-none absolute inset-x-0 bottom-3 text-center text-xs text-gray-500">
            Sign here with a mouse, pen or finger
          </span>
        )}
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={empty}
        onClick={() => {
          pad.current?.clear();
          setEmpty(true);
          onChange(null);
        }}
      >
        <Eraser /> Clear
      </Button>
    </div>
  );
}
