/** Web Storage kept in memory, for code written against localStorage; `full` makes writes throw as a full quota does. */
export class MemoryStorage {
  readonly entries = new Map<string, string>();
  full = false;

  getItem(key: string): string | null {
    return this.entries.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.entries.set(key, String(value));
  }
  removeItem(key: string): void {
    this.entries.delete(key);
  }
}
