import { photoSrcSet, photoUrlFor, type Photo } from '../../lib/photo';
import { ArtFallback } from './ArtFallback';
import './picture.css';

export interface PictureProps {
  /** An uploaded photo: AVIF and WebP sources, a JPEG image, and its blurred placeholder underneath. */
  photo?: Photo | null;
  /** Otherwise one file (our artwork, or an address the admin typed). */
  src?: string | null;
  alt?: string;
  /** The box's intrinsic size: sets its aspect ratio, so nothing shifts while it loads. */
  width: number;
  height: number;
  /** How wide the box is drawn, for the browser's choice among the photo's widths. */
  sizes?: string;
  /** The page's largest picture: loaded first (fetchpriority high), never lazily. */
  priority?: boolean;
  className?: string;
  /** What the typographic card says when there is no picture. */
  fallback: { title: string; label?: string; kind?: 'story' };
  onError?: () => void;
}

/**
 * Every picture of the site. Explicit width and height keep the layout still; pictures below the
 * fold load lazily; a photo shows its blurred placeholder until the real file arrives; and a place
 * or story without a picture gets a designed card, never an empty block. The same card waits,
 * hidden, under every picture: when the file fails (a 404, the network), picture-fallback.ts marks
 * the box failed and the card shows in its place, at the same size, so nothing moves.
 */
export function Picture({ photo, src, alt = '', width, height, sizes = '100vw', priority = false, className, fallback, onError }: PictureProps) {
  const loading = priority ? 'eager' : 'lazy';
  // Written in lower case, as HTML names it (the JSX types only know the DOM property's spelling).
  const fetchPriority: Record<string, string> = priority ? { fetchpriority: 'high' } : {};
  const classes = ['picture', className].filter(Boolean).join(' ');
  // Hidden (so also silent) until the picture fails; then it says what the picture said.
  const standIn = <ArtFallback className="picture__fallback" {...fallback} width={width} height={height} alt={alt} />;
  if (photo) {
    return (
      <span className={classes}>
        {standIn}
        <img className="picture__placeholder" src={photo.placeholder} alt="" aria-hidden="true" width={width} height={height} />
        <picture>
          <source type="image/avif" srcSet={photoSrcSet(photo, 'avif')} sizes={sizes} />
          <source type="image/webp" srcSet={photoSrcSet(photo, 'webp')} sizes={sizes} />
          <img
            className="picture__image"
            src={photoUrlFor(photo, 960)}
            srcSet={photoSrcSet(photo, 'jpg')}
            sizes={sizes}
            alt={alt}
            width={width}
            height={height}
            loading={loading}
            decoding="async"
            {...fetchPriority}
            onError={onError}
          />
        </picture>
      </span>
    );
  }
  if (src) {
    return (
      <span className={classes}>
        {standIn}
        <img className="picture__image" src={src} alt={alt} width={width} height={height} loading={loading} decoding="async" {...fetchPriority} onError={onError} />
      </span>
    );
  }
  return <ArtFallback className={classes} {...fallback} width={width} height={height} alt={alt} />;
}
