/** The editor's note as text: how it is stored and how both parts of the email split it. */

/**
 * The note as typed, made safe to store: control characters other than line breaks and tabs go,
 * line endings become \n, spaces at line ends and runs of blank lines are trimmed. Markup is kept
 * as text; it is escaped where it is shown.
 */
export function cleanNote(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- these are exactly what a note must not carry into an email
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** The paragraphs of a note, as both parts of the email print them. */
export function noteParagraphs(note: string | null | undefined): string[] {
  return (note ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
