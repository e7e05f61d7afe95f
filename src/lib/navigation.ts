/** Header links of spec §2, in order. /account and /sign-in depend on the signed-in state. */
export const HEADER_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/spots', label: 'All Spots' },
  { href: '/events', label: 'Events' },
  { href: '/blog', label: 'Stories' },
  { href: '/top-spots', label: 'Top Spots' },
  { href: '/suggest', label: 'Suggest Spot' },
  { href: '/about', label: 'About' },
] as const;

export const CONTACT_EMAIL = 'hello@scottsdalelocalguide.com';

/** Whether `href` is the current section, so the header can mark it. */
export function isCurrent(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
