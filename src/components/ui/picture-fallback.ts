/**
 * A picture that fails to load (a 404, the network) gives way to the designed card Picture drew
 * under it: its box is marked `picture--failed`. Works the same on server-rendered pages and in
 * islands, and for pictures that failed before this script ran. A later successful load (an island
 * showing another spot in the same box) clears the mark.
 */
const IMAGE = 'img.picture__image';

function mark(img: HTMLImageElement, failed: boolean): void {
  img.closest('.picture')?.classList.toggle('picture--failed', failed);
}

function onEvent(event: Event): void {
  const target = event.target;
  if (target instanceof HTMLImageElement && target.matches(IMAGE)) mark(target, event.type === 'error');
}

// Load and error events do not bubble: listen while they travel down.
document.addEventListener('error', onEvent, true);
document.addEventListener('load', onEvent, true);

function checkAlreadyFailed(): void {
  for (const img of document.querySelectorAll<HTMLImageElement>(IMAGE)) {
    if (!img.complete || !img.getAttribute('src')) continue;
    // decode() rejects for a file that did not load; naturalWidth alone is 0 for some good SVGs.
    img.decode().then(
      () => mark(img, false),
      () => mark(img, true),
    );
  }
}

checkAlreadyFailed();
