/**
 * Clerk's widgets insert their styles at run time (CSS-in-JS), so Clerk's CSP guide asks for
 * `style-src 'unsafe-inline'`. Browsers ignore 'unsafe-inline' in a directive that also lists
 * hashes, and Astro lists the hash of every style it emits, so with Clerk on the page's style-src
 * keeps its sources and drops the hashes. Scripts stay hash-only.
 */
export function inlineStylePolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'style-src') return directive;
      const kept = sources.filter((source) => !/^'sha(256|384|512)-/.test(source));
      if (!kept.includes("'unsafe-inline'")) kept.push("'unsafe-inline'");
      return ` style-src ${kept.join(' ')}`;
    })
    .join(';');
}

export function withInlineStyles(response: Response): Response {
  const policy = response.headers.get('content-security-policy');
  if (policy) response.headers.set('content-security-policy', inlineStylePolicy(policy));
  return response;
}
