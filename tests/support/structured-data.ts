import Validator from '@adobe/structured-data-validator';
import { schemaOrgVocabulary } from './schema-vocabulary';

/**
 * Checks a page's JSON-LD the way search engines read it: every type and property against the
 * schema.org vocabulary (Adobe's structured-data validator, which also applies Google's rules for
 * breadcrumbs, organizations, people and images), plus Google's rich-result required fields for
 * the types this site publishes (Event, BlogPosting, LocalBusiness, BreadcrumbList, ItemList).
 * Every finding is a string; a page is valid when there are none.
 */

type Node = Record<string, unknown>;

const vocabulary = schemaOrgVocabulary();
const parents = new Map<string, string[]>();
for (const entry of vocabulary['@graph']) {
  if (entry['@type'] === 'rdfs:Class') {
    parents.set(
      String(entry['@id']).replace('schema:', ''),
      (entry['rdfs:subClassOf'] as { '@id': string }[]).map((p) => p['@id'].replace('schema:', '')),
    );
  }
}

/** Whether `type` is `ancestor` or one of its descendants in schema.org. */
export function isA(type: string, ancestor: string): boolean {
  if (type === ancestor) return true;
  return (parents.get(type) ?? []).some((parent) => isA(parent, ancestor));
}

const validator = new Validator(vocabulary);

/** Every `<script type="application/ld+json">` block of a page, parsed. */
export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

const typesOf = (node: Node): string[] => [node['@type']].flat().filter((t): t is string => typeof t === 'string');
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Google's required (and, for Stories, the brief's recommended) fields, per type. */
function richResultFindings(node: Node, path: string): string[] {
  const findings: string[] = [];
  const need = (field: string, ok = present(node[field])) => {
    if (!ok) findings.push(`${path}: ${typesOf(node).join('/')} needs ${field}`);
  };
  for (const type of typesOf(node)) {
    if (isA(type, 'Event')) {
      need('name');
      need('startDate', typeof node.startDate === 'string' && ISO_DATE.test(node.startDate));
      if (present(node.endDate)) need('endDate after startDate', Date.parse(String(node.endDate)) >= Date.parse(String(node.startDate)));
      need('eventStatus', typeof node.eventStatus === 'string' && node.eventStatus.startsWith('https://schema.org/Event'));
      const location = node.location;
      need('location with a name and an address', isNode(location) && present(location.name) && present(location.address));
    }
    if (isA(type, 'BlogPosting')) {
      for (const field of ['headline', 'image', 'datePublished', 'dateModified', 'publisher']) need(field);
      need('author with a name', isNode(node.author) && present(node.author.name));
      need('datePublished as an ISO date', ISO_DATE.test(String(node.datePublished)));
      need('dateModified as an ISO date', ISO_DATE.test(String(node.dateModified)));
    }
    if (isA(type, 'LocalBusiness')) {
      need('name');
      need('address', isNode(node.address) && present(node.address.addressLocality));
    }
    if (isA(type, 'ItemList')) {
      const items = [node.itemListElement].flat().filter(isNode);
      need('itemListElement', items.length > 0 || node.numberOfItems === 0);
      items.forEach((item, i) => {
        if (item['@type'] !== 'ListItem' || item.position !== i + 1) findings.push(`${path}.itemListElement[${i}]: a ListItem at position ${i + 1}`);
        if (!present(item.item) && !present(item.url)) findings.push(`${path}.itemListElement[${i}]: needs item or url`);
        if (type === 'BreadcrumbList' && !present(item.name) && !(isNode(item.item) && present(item.item.name)))
          findings.push(`${path}.itemListElement[${i}]: needs a name`);
      });
      if (type === 'BreadcrumbList' && items.length < 2) findings.push(`${path}: a BreadcrumbList needs two items or more`);
    }
    // The paywall markup belongs to a page (a CreativeWork), never to a place or an event.
    if ((present(node.hasPart) || node.isAccessibleForFree === false) && !isA(type, 'CreativeWork')) {
      findings.push(`${path}: ${type} carries paywall markup`);
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    [value].flat().forEach((child, i) => {
      if (isNode(child)) findings.push(...richResultFindings(child, `${path}.${key}${Array.isArray(value) ? `[${i}]` : ''}`));
    });
  }
  return findings;
}

/** All findings for one page's HTML: schema.org errors and warnings, then rich-result gaps. */
export async function structuredDataFindings(html: string): Promise<string[]> {
  const findings: string[] = [];
  let roots: Node[];
  try {
    roots = jsonLdBlocks(html).flatMap((block) => (isNode(block) && Array.isArray(block['@graph']) ? (block['@graph'] as Node[]) : [block as Node]));
  } catch (error) {
    return [`JSON-LD does not parse: ${(error as Error).message}`];
  }
  const byType: Record<string, Node[]> = {};
  for (const root of roots) {
    if (!isNode(root) || typesOf(root).length === 0) {
      findings.push('a JSON-LD block has no @type');
      continue;
    }
    const { '@context': _context, ...rest } = root;
    (byType[typesOf(root)[0]!] ??= []).push(structuredClone(rest));
  }
  const issues = await validator.validate({ jsonld: byType, microdata: {}, rdfa: {}, errors: [] });
  for (const issue of issues) {
    const where = (issue.path ?? [])
      .map((p: { type?: string; property?: string; index?: number }) => [p.property, p.type, p.index].filter((x) => x !== undefined).join(':'))
      .join(' > ');
    findings.push(`${issue.severity} ${where}: ${issue.issueMessage}`);
  }
  roots.forEach((root, i) => findings.push(...richResultFindings(root, `${typesOf(root)[0]}#${i}`)));
  return findings;
}
