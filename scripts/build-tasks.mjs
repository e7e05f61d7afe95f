// After `astro build`: compiles the TypeScript the server process runs beside Astro's bundle (the
// database preparation of `npm start`, the schedulers and the confirmation outbox) into
// dist/tasks/*.mjs, so production runs one plain `node` process with no TypeScript loader in it.
// Packages stay imports of node_modules; only the app's own code is bundled.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');

/** Each compiled task: dist/tasks/<name>.mjs from its TypeScript entry. */
export const TASKS = {
  'start-prepare': 'scripts/start-prepare.ts',
  'newsletter-scheduler': 'src/server/newsletter/scheduler-entry.ts',
  'confirmation-outbox': 'src/server/newsletter/outbox-worker.ts',
  'backup-scheduler': 'src/server/backup/scheduler-entry.ts',
  'story-scheduler': 'src/server/content/stories-editorial-scheduler-entry.ts',
};

/** The migrations are read from db/migrations at run time: the bundle names that folder from where it lies. */
const migrationsFolder = {
  name: 'migrations-folder',
  setup(plugin) {
    const migrate = resolve(ROOT, 'db/migrate.ts');
    plugin.onLoad({ filter: /db[\\/]migrate\.ts$/ }, (args) => {
      if (args.path !== migrate) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const from = "new URL('./migrations', import.meta.url)";
      if (!source.includes(from)) throw new Error(`db/migrate.ts no longer names its folder as ${from}`);
      return { contents: source.replace(from, "new URL('../../db/migrations', import.meta.url)"), loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
};

export async function buildTasks(outdir = resolve(ROOT, 'dist/tasks')) {
  await build({
    entryPoints: Object.fromEntries(Object.entries(TASKS).map(([name, entry]) => [name, resolve(ROOT, entry)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    plugins: [migrationsFolder],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildTasks();
  console.log(`Compiled ${Object.keys(TASKS).length} server tasks into dist/tasks/`);
}
