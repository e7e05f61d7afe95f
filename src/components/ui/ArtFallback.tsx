/** Tones of the site's palette; a name always gets the same one. */
const TONES = ['terracotta', 'saguaro', 'dusk', 'sand'] as const;
type Tone = (typeof TONES)[number];

function toneOf(title: string): Tone {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TONES[hash % TONES.length]!;
}

/** 24 × 24 line drawings, one per kind of place a reader knows by its colour and sign. */
const ICONS = {
  food: 'M7 3v8m-3-8v5a3 3 0 0 0 6 0V3M7 11v10M17 3c-2 1-3 4-3 7h3v11',
  drinks: 'M5 4h14l-7 8zm7 8v8m-4 0h8',
  hike: 'M2 20 9 8l4 6 3-4 6 10zM9 8l2 4',
  gem: 'M6 4h12l3 5-9 11L3 9zM3 9h18M9 4l3 16 3-16',
  event: 'M4 6h16v14H4zM4 10h16M8 3v5m8-5v5',
  story: 'M12 6c-2-2-5-2-8-1v14c3-1 6-1 8 1 2-2 5-2 8-1V5c-3-1-6-1-8 1zm0 0v14',
  place: 'M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zm0-9a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
} as const;

/** The spot categories keep their own colour and sign; any other label (a cuisine, a Story's category) a generic one. */
const CATEGORY_LOOKS: Record<string, { tone: Tone; icon: keyof typeof ICONS }> = {
  food: { tone: 'terracotta', icon: 'food' },
  drinks: { tone: 'dusk', icon: 'drinks' },
  hike: { tone: 'saguaro', icon: 'hike' },
  'hidden gem': { tone: 'sand', icon: 'gem' },
  event: { tone: 'terracotta', icon: 'event' },
};

interface Props {
  title: string;
  label?: string;
  width: number;
  height: number;
  /** Empty when the name is said next to the picture anyway (cards): then the card is hidden from screen readers. */
  alt?: string;
  className?: string;
  /** Stories get the book sign even when their category shares a spot category's name. */
  kind?: 'story';
}

/** A designed card in place of a missing picture: the name set large over a desert horizon, the category's colour and sign. */
export function ArtFallback({ title, label, width, height, alt = '', className, kind }: Props) {
  const known = kind === 'story' ? undefined : CATEGORY_LOOKS[label?.toLowerCase() ?? ''];
  const tone = known?.tone ?? toneOf(title);
  const icon = known?.icon ?? (kind === 'story' ? 'story' : 'place');
  const described = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true as const };
  return (
    <span
      className={['art-fallback', `art-fallback--${tone}`, width >= height * 1.7 ? 'art-fallback--wide' : '', className].filter(Boolean).join(' ')}
      data-ratio={`${width}:${height}`}
      {...described}>
      <svg className="art-fallback__horizon" viewBox="0 0 600 120" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <path d="M0 120V78l60-18 48 14 70-34 64 30 52-20 80 36 62-26 58 20 56-22 50 16v44Z" />
      </svg>
      <svg className="art-fallback__icon" data-icon={icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICONS[icon]} />
      </svg>
      {label && <span className="art-fallback__label">{label}</span>}
      <span className="art-fallback__title">{title}</span>
    </span>
  );
}
