/**
 * The browser's offer to install the app (beforeinstallprompt), kept from the moment it fires:
 * the prompt island hydrates when the browser is idle, possibly after the offer came.
 */

export interface InstallOfferEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallOffer {
  event: InstallOfferEvent;
  /** performance.now() when the browser made the offer. */
  at: number;
}

type Listener = () => void;

let current: InstallOffer | null = null;
let installed = false;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own banner away; our prompt offers installation instead.
    event.preventDefault();
    current = { event: event as InstallOfferEvent, at: performance.now() };
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    current = null;
    notify();
  });
}

export function installOffer(): InstallOffer | null {
  return current;
}

/** The app was installed during this page's life. */
export function wasInstalled(): boolean {
  return installed;
}

/** Takes the offer for prompting: it can be used once (prompt() throws on a second call). */
export function takeInstallOffer(): InstallOffer | null {
  const offer = current;
  current = null;
  return offer;
}

export function onInstallOfferChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Running as the installed app (Android/desktop standalone window or iOS home-screen app). */
export function runsAsInstalledApp(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone, iPod and iPad (iPadOS reports itself as a Mac with touch). */
export function isIosDevice(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}
