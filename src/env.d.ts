/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The visitor's session id, from the httpOnly `sid` cookie set on first visit. */
    sessionId: string | null;
    /** The signed-in or subscribed user, when known. */
    userId: number | null;
  }
}
