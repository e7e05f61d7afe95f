/** A minimal cookie jar for API tests: remembers name=value pairs from Set-Cookie headers. */
export class CookieJar {
  private readonly values = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const eq = pair!.indexOf('=');
      this.values.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }

  set(name: string, value: string): void {
    this.values.set(name, value);
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
