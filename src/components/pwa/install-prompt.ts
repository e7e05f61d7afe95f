import { STORAGE_KEYS } from '../../browser/browser-storage';
import { INSTALL_PROMPT_DELAY_MS } from '../../lib/constants';
import { installOffer, isIosDevice, onInstallOfferChange, runsAsInstalledApp, takeInstallOffer, wasInstalled } from './install-offer';

type Shown = 'none' | 'install' | 'ios-steps';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.installPromptDismissed) !== null;
  } catch {
    return false;
  }
}

function rememberDismissal(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.installPromptDismissed, 'true');
  } catch {
    // Storage blocked: the prompt simply comes back next visit.
  }
}

/**
 * Spec §4: a one-time offer to install the app, 3 s after the browser makes it possible (or the
 * manual steps on iOS), never again once dismissed or declined, and gone once installed.
 */
export function mountInstallPrompt(card: HTMLElement): void {
  let shown: Shown = 'none';
  let timer: number | undefined;

  const show = (what: Shown) => {
    shown = what;
    card.hidden = what === 'none';
    card.querySelectorAll<HTMLElement>('[data-when]').forEach((el) => {
      el.hidden = el.dataset.when !== what;
    });
  };
  const dismiss = () => {
    rememberDismissal();
    window.clearTimeout(timer);
    show('none');
  };
  const showLater = (what: Shown, delay: number) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(
      () => {
        if (!wasDismissed()) show(what);
      },
      Math.max(0, delay),
    );
  };

  card.querySelectorAll('[data-install-dismiss]').forEach((button) => button.addEventListener('click', dismiss));
  card.querySelector('[data-install-accept]')?.addEventListener('click', async () => {
    const offer = takeInstallOffer();
    show('none');
    if (!offer) return;
    try {
      await offer.event.prompt();
      const { outcome } = await offer.event.userChoice;
      if (outcome === 'dismissed') rememberDismissal();
    } catch {
      // The browser withdrew the offer; nothing to install now.
    }
  });
  card.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      dismiss();
    }
  });
  // Escape also dismisses when nothing else on the page has focus and no dialog is open.
  document.addEventListener('keydown', (event) => {
    const idle = document.activeElement === document.body || document.activeElement === null;
    if (shown !== 'none' && event.key === 'Escape' && idle && !document.querySelector('dialog[open]')) dismiss();
  });

  if (runsAsInstalledApp() || wasDismissed()) return;
  // iOS never offers installation itself: explain the Share menu instead.
  if (isIosDevice()) {
    showLater('ios-steps', INSTALL_PROMPT_DELAY_MS);
    return;
  }
  const follow = () => {
    const offer = installOffer();
    if (wasInstalled() || !offer) {
      window.clearTimeout(timer);
      show('none');
    } else {
      showLater('install', offer.at + INSTALL_PROMPT_DELAY_MS - performance.now());
    }
  };
  if (installOffer()) follow();
  onInstallOfferChange(follow);
}
