import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The schema.org vocabulary (every type, its parents and the properties it declares) in the
 * JSON-LD shape schema.org publishes (`schemaorg-all-https.jsonld`), read from the type
 * definitions schema-dts generates from that file: tests need no network to know what
 * schema.org allows.
 *
 * schema-dts writes each type as `interface XBase extends ParentBase, … { "prop"?: …; }` (its own
 * properties) and `interface XLeaf extends XBase { "@type": "X"; }`; a type that adds no property
 * of its own has only a Leaf, extending its parent's Base.
 */
export function schemaOrgVocabulary(): { '@graph': Record<string, unknown>[] } {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('schema-dts/package.json')), 'dist/schema.d.ts');
  const source = readFileSync(file, 'utf8');
  const bases = new Map<string, { parents: string[]; properties: string[] }>();
  const baseName = (name: string) => name.replace(/Base$/, '');
  for (const match of source.matchAll(/^interface (\w+)Base extends ([^{]+)\{([\s\S]*?)^\}/gm)) {
    const parents = match[2]!
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p.endsWith('Base'))
      .map(baseName);
    const properties = [...match[3]!.matchAll(/^\s+"([A-Za-z][\w-]*)"\?:/gm)].map((m) => m[1]!);
    bases.set(match[1]!, { parents, properties });
  }
  const graph: Record<string, unknown>[] = [];
  const domains = new Map<string, string[]>();
  const classes = new Set<string>();
  for (const match of source.matchAll(/^export interface (\w+)Leaf extends (\w+) \{\s*"@type": "([\w:]+)";/gm)) {
    const type = match[3]!;
    if (type.includes(':') || classes.has(type)) continue;
    classes.add(type);
    // The Leaf extends the type's own Base when it declares properties, else its parent's Base.
    const own = baseName(match[2]!) === type ? bases.get(type) : undefined;
    const parents = own ? own.parents : [baseName(match[2]!)];
    graph.push({ '@id': `schema:${type}`, '@type': 'rdfs:Class', 'rdfs:subClassOf': parents.map((p) => ({ '@id': `schema:${p}` })) });
    for (const property of own?.properties ?? []) domains.set(property, [...(domains.get(property) ?? []), type]);
  }
  // Types that are only ever parents (Thing, CreativeWork…) are Bases with no Leaf of the same name.
  for (const [name, base] of bases) {
    if (classes.has(name)) continue;
    classes.add(name);
    graph.push({ '@id': `schema:${name}`, '@type': 'rdfs:Class', 'rdfs:subClassOf': base.parents.map((p) => ({ '@id': `schema:${p}` })) });
    for (const property of base.properties) domains.set(property, [...(domains.get(property) ?? []), name]);
  }
  for (const [property, types] of domains) {
    graph.push({ '@id': `schema:${property}`, '@type': 'rdf:Property', 'schema:domainIncludes': types.map((t) => ({ '@id': `schema:${t}` })) });
  }
  return { '@graph': graph };
}
