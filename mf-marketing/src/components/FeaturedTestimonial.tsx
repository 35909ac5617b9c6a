import type { Testimonial } from 'shared-content';
import { styled } from 'shared-content/styling';
import { Icon } from 'shared-content/ui';
import { imageUrl } from '../assets/images.ts';
import { StarRating } from './StarRating.tsx';

export interface FeaturedTestimonialProps {
  testimonial: Testimonial;
}

/**
 * The card holds the quote mark beside the testimonial; the testimonial itself (the quote and who said it) is
 * the figure, so that its caption is the figure's own child, as HTML requires.
 */
const Card = styled.div(({ theme }) => ({
  position: 'relative',
  display: 'grid',
  gap: theme.space[6],
  padding: `${theme.space[10]} ${theme.space[6]}`,
  borderRadius: theme.radii.xl,
  background: theme.gradient.hero,
  color: theme.color.fg.inverse,
  boxShadow: theme.shadows.lg,
  [theme.mq.md]: {
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gap: theme.space[10],
    padding: theme.space[12],
  },
}));

const Mark = styled.span(({ theme }) => ({
  color: theme.color.bg.accent,
  '& svg': { width: 48, height: 48 },
  [theme.mq.md]: { '& svg': { width: 64, height: 64 } },
}));

const QuoteFigure = styled.figure({ margin: 0 });

const Quote = styled.blockquote(({ theme }) => ({
  margin: 0,
  fontSize: theme.font.size.lg,
  lineHeight: theme.font.lineHeight.normal,
  [theme.mq.md]: { fontSize: theme.font.size.xl },
}));

const Author = styled.figcaption(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.space[4],
  marginTop: theme.space[6],
  '& img': {
    borderRadius: theme.radii.full,
    border: `3px solid ${theme.color.bg.accent}`,
    width: 72,
    height: 72,
  },
  '& strong': { display: 'block', fontSize: theme.font.size.lg },
  '& span': { color: theme.color.fg.inverseMuted },
}));

const Rating = styled.div(({ theme }) => ({
  marginInlineStart: 'auto',
  [theme.mq.belowMd]: { marginInlineStart: 0, flexBasis: '100%' },
}));

/** The first testimonial, shown large and in full. */
export function FeaturedTestimonial({ testimonial }: FeaturedTestimonialProps) {
  const { name, location, text, image, rating } = testimonial;
  return (
    <Card data-testid="featured-testimonial">
      <Mark aria-hidden="true">
        <Icon name="quote" size={64} />
      </Mark>
      <QuoteFigure>
        <Quote>
          <p>{text}</p>
        </Quote>
        <Author>
          <img
            src={imageUrl(image.src)}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
          />
          <div>
            <strong>{name}</strong>
            <span>{location}</span>
          </div>
          <Rating>
            <StarRating rating={rating} size={24} onDark />
          </Rating>
        </Author>
      </QuoteFigure>
    </Card>
  );
}
