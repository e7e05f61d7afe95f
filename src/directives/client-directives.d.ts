import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates the island when the page is idle, one island per task; see one-per-task.ts. */
    'client:one-per-task'?: boolean;
    /** Hydrates the island at the reader's first touch, where `media` matches, or on `event`; see on-interaction.ts. */
    'client:on-interaction'?: boolean | { media?: string; event?: string };
  }
}
