import { notifyError } from './toast';

/**
 * Opens a short-lived signed link in a new tab. The tab is opened before the link is asked for, so the browser treats
 * it as the click's own window and does not block it.
 */
export async function openSignedLink(fetchLink: () => Promise<{ url: string }>) {
  const tab = window.open('', '_blank');
  try {
    const { url } = await fetchLink();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch {
    tab?.close();
    notifyError('Download failed', 'There was an error downloading the document.');
  }
}
