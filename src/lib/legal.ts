/** The reader-facing policies: where they live and when their words last changed. */
export const POLICY_PAGES = [
  { href: '/terms', label: 'Terms of Use' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/refunds', label: 'Refunds' },
] as const;

/** The day the policies' text last changed (city date); change it with the text. */
export const POLICIES_UPDATED = '2026-11-27';
export const POLICIES_UPDATED_LABEL = 'November 27, 2026';
