import { notifyError, notifySuccess } from '@/lib/toast';

const FAILED = 'The export could not be started. If another export is running, try again once it has finished.';

/**
 * Downloads `url` through a hidden frame, so the browser saves the stream straight to disk and shows its progress. A
 * download never renders in the frame; an error answer does, and becomes a toast (with the server's message where the
 * browser lets the page read it: the API's frame-ancestors policy usually does not).
 */
export function downloadInFrame(url: string) {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'Download';
  const remove = () => frame.remove();
  const timer = window.setTimeout(remove, 10 * 60_000);
  frame.addEventListener('load', () => {
    window.clearTimeout(timer);
    let message = FAILED;
    try {
      const body = JSON.parse(frame.contentDocument?.body.textContent ?? '') as { error?: { message?: string } };
      message = body.error?.message ?? FAILED;
    } catch {
      // Not Torque's error shape: the general message.
    }
    notifyError('Export failed', message);
    remove();
  });
  frame.src = url;
  document.body.append(frame);
  notifySuccess('Download Started', 'Your browser shows its progress; a large export takes a while.');
}
