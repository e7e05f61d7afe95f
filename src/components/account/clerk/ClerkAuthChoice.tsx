import { $isLoadedStore } from '@clerk/astro/client';
import { SignIn, SignUp } from '@clerk/astro/react';
import { useState } from 'react';
import DemoSignIn from '../DemoSignIn';
import { useExternalStore } from '../../ui/use-hydrated';

export interface ClerkAuthChoiceProps {
  mode: 'sign-in' | 'sign-up';
  /** Where to go once signed in or up: the page the visitor came from, else /account. */
  returnTo: string;
}

/** Clerk's colours and shapes in the site's palette; the card is ours, so Clerk's own is flattened. */
const APPEARANCE = {
  variables: {
    colorPrimary: '#a8461f',
    colorText: '#2b2118',
    colorTextSecondary: '#6b5b4d',
    fontFamily: "'Inter Variable', 'Inter Fallback', ui-sans-serif, system-ui, sans-serif",
    borderRadius: '12px',
  },
  elements: {
    rootBox: { width: '100%' },
    cardBox: { width: '100%', boxShadow: 'none', border: 'none' },
    card: { boxShadow: 'none', padding: '0.5rem 0' },
  },
};

/**
 * The hosted Clerk widget (spec §2), with the demo sign-in one click away (spec §4: "toggles
 * between the hosted widget and demo sign-in"). Routing is by hash, so /sign-in needs no catch-all
 * route for Clerk's inner steps.
 */
export default function ClerkAuthChoice({ mode, returnTo }: ClerkAuthChoiceProps) {
  const [demo, setDemo] = useState(false);
  const loaded = useExternalStore(
    (changed) => $isLoadedStore.listen(changed),
    () => $isLoadedStore.get(),
    () => false,
  );
  const widget =
    mode === 'sign-in' ? (
      <SignIn routing="hash" signUpUrl="/sign-up" fallbackRedirectUrl={returnTo} signUpFallbackRedirectUrl={returnTo} appearance={APPEARANCE} />
    ) : (
      <SignUp routing="hash" signInUrl="/sign-in" fallbackRedirectUrl={returnTo} signInFallbackRedirectUrl={returnTo} appearance={APPEARANCE} />
    );

  return (
    <div className="auth-choice">
      <div className="auth-choice__widget" data-clerk-widget={mode} hidden={demo}>
        {!loaded && (
          <p className="auth-choice__loading" role="status">
            Loading secure sign-in…
          </p>
        )}
        {widget}
      </div>
      {demo && (
        <div className="auth-choice__demo" data-demo-sign-in>
          <DemoSignIn mode={mode} />
        </div>
      )}
      <div className="auth-choice__divider" aria-hidden="true">
        <span>or</span>
      </div>
      <button type="button" className="btn btn--ghost auth-choice__toggle" aria-pressed={demo} onClick={() => setDemo((on) => !on)}>
        {demo ? 'Back to secure sign-in' : 'Use demo sign-in instead'}
      </button>
    </div>
  );
}
