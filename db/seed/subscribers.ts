/**
 * Newsletter sign-ups of the demo data. Addresses are on example.com (RFC 2606), which accepts
 * no mail, so a real SMTP server configured by mistake delivers nothing to strangers.
 */
export const seedSubscribers: { email: string; isActive: boolean; joinedDaysAgo: number }[] = [
  { email: 'maria.lopez@example.com', isActive: true, joinedDaysAgo: 60 },
  { email: 'dev.patel@example.com', isActive: true, joinedDaysAgo: 41 },
  { email: 'hannah.greywolf@example.com', isActive: true, joinedDaysAgo: 23 },
  { email: 'sam.okafor@example.com', isActive: true, joinedDaysAgo: 9 },
  { email: 'former.reader@example.com', isActive: false, joinedDaysAgo: 120 },
];
