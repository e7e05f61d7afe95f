/** "45 seconds", "2 minutes": how long someone must wait before trying again, for people. */
export function waitLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** "5 minutes ago", "3 hours ago", "2 days ago": how old something is, for people. */
export function ageLabel(then: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  const [amount, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.floor(seconds / 60), 'minute']
        : seconds < 86_400
          ? [Math.floor(seconds / 3600), 'hour']
          : [Math.floor(seconds / 86_400), 'day'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ago`;
}
