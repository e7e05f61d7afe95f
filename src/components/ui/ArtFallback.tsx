/** Tones of the site's palette; a name always gets the same one. */
const TONES = ['terracotta', 'saguaro', 'dusk', 'sand'] as const;

function toneOf(title: string): (typeof TONES)[number] {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TONES[hash % TONES.length]!;
}

interface Props {
  title: string;
  label?: string;
  width: number;
  height: number;
  /** Empty when the name is said next to the picture anyway (cards): then the card is hidden from screen readers. */
  alt?: string;
  className?: string;
}

/** A designed card in place of a missing picture: the name set large over a desert horizon, and the category. */
export function ArtFallback({ title, label, width, height, alt = '', className }: Props) {
  const tone = toneOf(title);
  const described = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true as const };
  return (
    <span
      className={['art-fallback', `art-fallback--${tone}`, width >= height * 1.7 ? 'art-fallback--wide' : '', className].filter(Boolean).join(' ')}
      data-ratio={`${width}:${height}`}
      {...described}>
      <svg className="art-fallback__horizon" viewBox="0 0 600 120" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <path d="M0 120V78l60-18 48 14 70-34 64 30 52-20 80 36 62-26 58 20 56-22 50 16v44Z" />
      </svg>
      {label && <span className="art-fallback__label">{label}</span>}
      <span className="art-fallback__title">{title}</span>
    </span>
  );
}
