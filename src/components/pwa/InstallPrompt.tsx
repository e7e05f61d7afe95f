import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { STORAGE_KEYS } from '../../lib/browser-storage';
import { INSTALL_PROMPT_DELAY_MS, SITE_NAME } from '../../lib/constants';
import {
  installOffer,
  isIosDevice,
  onInstallOfferChange,
  runsAsInstalledApp,
  takeInstallOffer,
  wasInstalled,
} from './install-offer';
import './install-prompt.css';

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

/** Spec §4: a one-time offer to install the app, 3 s after the browser makes it possible. */
export default function InstallPrompt() {
  const [shown, setShown] = useState<Shown>('none');
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    if (runsAsInstalledApp() || wasDismissed()) return;
    let timer: number | undefined;
    const showLater = (what: Shown, delay: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (!wasDismissed()) setShown(what);
      }, Math.max(0, delay));
    };

    // iOS never offers installation itself: explain the Share menu instead.
    if (isIosDevice()) {
      showLater('ios-steps', INSTALL_PROMPT_DELAY_MS);
      return () => window.clearTimeout(timer);
    }

    const follow = () => {
      const offer = installOffer();
      if (wasInstalled() || !offer) {
        window.clearTimeout(timer);
        setShown('none');
      } else {
        showLater('install', offer.at + INSTALL_PROMPT_DELAY_MS - performance.now());
      }
    };
    if (installOffer()) follow();
    const stop = onInstallOfferChange(follow);
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, []);

  const dismiss = () => {
    rememberDismissal();
    setShown('none');
  };

  const install = async () => {
    const offer = takeInstallOffer();
    setShown('none');
    if (!offer) return;
    try {
      await offer.event.prompt();
      const { outcome } = await offer.event.userChoice;
      if (outcome === 'dismissed') rememberDismissal();
    } catch {
      // The browser withdrew the offer; nothing to install now.
    }
  };

  // Escape dismisses while the prompt has focus, or when nothing else on the page does.
  useEffect(() => {
    if (shown === 'none') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const idle = document.activeElement === document.body || document.activeElement === null;
      if (event.key === 'Escape' && idle && !document.querySelector('dialog[open]')) dismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);

  const onCardKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      dismiss();
    }
  };

  return (
    <div className="install-prompt-region" aria-live="polite">
      {shown !== 'none' && (
        <section
          className="install-prompt"
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          aria-describedby={textId}
          onKeyDown={onCardKey}>
          <img className="install-prompt__icon" src="/icons/icon-192.png" alt="" width={56} height={56} />
          <div className="install-prompt__body">
            <h2 id={titleId} className="install-prompt__title">
              Install {SITE_NAME}
            </h2>
            <p id={textId} className="install-prompt__text">
              {shown === 'install'
                ? 'Add the guide to your home screen for one-tap access to spots, events and stories, even offline.'
                : 'Add the guide to your home screen for one-tap access, even offline:'}
            </p>
            {shown === 'ios-steps' && (
              <ol className="install-prompt__steps">
                <li>
                  Tap <ShareIcon /> <strong>Share</strong> in the browser toolbar.
                </li>
                <li>
                  Choose <strong>Add to Home Screen</strong>.
                </li>
              </ol>
            )}
            <div className="install-prompt__actions">
              <button type="button" className="btn btn--ghost btn--small" onClick={dismiss}>
                Not Now
              </button>
              {shown === 'install' ? (
                <button type="button" className="btn btn--primary btn--small" onClick={() => void install()}>
                  Install
                </button>
              ) : (
                <button type="button" className="btn btn--primary btn--small" onClick={dismiss}>
                  Got It
                </button>
              )}
            </div>
          </div>
          <button type="button" className="install-prompt__close" aria-label="Close" onClick={dismiss}>
            ×
          </button>
        </section>
      )}
    </div>
  );
}

function ShareIcon() {
  return (
    <svg className="install-prompt__share" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 3v12M8 7l4-4 4 4M7 11H5.5A1.5 1.5 0 0 0 4 12.5v7A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5v-7a1.5 1.5 0 0 0-1.5-1.5H17"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
