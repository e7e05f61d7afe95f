import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates the island when the page is idle, one island per task; see one-per-task.ts. */
    'client:one-per-task'?: boolean;
  }
}
