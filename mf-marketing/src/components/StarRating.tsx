import { useId } from 'react';
import { testimonialsCopy } from 'shared-content/marketing';
import { styled, useTheme } from 'shared-content/styling';
import { maxRating, normaliseRating, type StarFill, starFills } from '../lib/rating.ts';

export interface StarRatingProps {
  /** 0 to 5 in half steps. */
  rating: number;
  size?: number;
  /** Brighter stars for dark backgrounds. */
  onDark?: boolean;
  className?: string;
}

const Stars = styled.span(({ theme }) => ({ display: 'inline-flex', gap: theme.space[1] }));

const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z';

const positions = Array.from({ length: maxRating }, (_, index) => index + 1);

interface StarProps {
  fill: StarFill;
  size: number;
  clipId: string;
  onDark: boolean;
}

function Star({ fill, size, clipId, onDark }: StarProps) {
  const theme = useTheme();
  const filled = onDark ? theme.color.bg.accent : theme.color.fg.star;
  const empty = onDark ? theme.color.border.inverse : theme.color.fg.starEmpty;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-star={fill}>
      <path d={starPath} fill={fill === 'full' ? filled : empty} />
      {fill === 'half' ? (
        <>
          {/* The left half of a filled star over an empty one. */}
          <clipPath id={clipId}>
            <rect x="0" y="0" width="12" height="24" />
          </clipPath>
          <path d={starPath} fill={filled} clipPath={`url(#${clipId})`} />
        </>
      ) : null}
    </svg>
  );
}

/** Five stars with half steps; one image for assistive technology, named e.g. "Rated 4.5 out of 5". */
export function StarRating({ rating, size = 20, onDark = false, className }: StarRatingProps) {
  const id = useId();
  const value = normaliseRating(rating);
  const fills = starFills(value);
  return (
    <Stars role="img" aria-label={testimonialsCopy.ratingLabel(value)} className={className}>
      {positions.map((position) => (
        <Star
          key={position}
          fill={fills[position - 1] ?? 'empty'}
          size={size}
          onDark={onDark}
          clipId={`${id}-star-${position}`}
        />
      ))}
    </Stars>
  );
}
