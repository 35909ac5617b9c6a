import type { Testimonial } from 'shared-content';
import { testimonialsCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { imageUrl } from '../assets/images.ts';
import { truncateText } from '../lib/truncate.ts';
import { StarRating } from './StarRating.tsx';

export interface TestimonialCardProps {
  testimonial: Testimonial;
}

const Card = styled.figure(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space[5],
  margin: 0,
  height: '100%',
  padding: theme.space[8],
  borderRadius: theme.radii.lg,
  background: theme.color.bg.page,
  border: `1px solid ${theme.color.border.default}`,
  boxShadow: theme.shadows.sm,
  '& blockquote': { margin: 0, flex: 1, color: theme.color.fg.default },
}));

const Author = styled.figcaption(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.space[3],
  paddingTop: theme.space[5],
  borderTop: `1px solid ${theme.color.border.default}`,
  '& img': { borderRadius: theme.radii.full, flexShrink: 0 },
  '& strong': { display: 'block', fontSize: theme.font.size.sm, lineHeight: theme.font.lineHeight.snug },
  '& span': { fontSize: theme.font.size.sm, color: theme.color.fg.muted },
}));

/** A testimonial card: the rating, the text cut at the spec's limit, and who said it. */
export function TestimonialCard({ testimonial }: TestimonialCardProps) {
  const { name, location, text, image, rating } = testimonial;
  return (
    <Card>
      <StarRating rating={rating} />
      <blockquote>
        <p>{truncateText(text, testimonialsCopy.cardTextLimit)}</p>
      </blockquote>
      <Author>
        <img src={imageUrl(image.src)} alt={image.alt} width={48} height={48} loading="lazy" />
        <div>
          <strong>{name}</strong>
          <span>{location}</span>
        </div>
      </Author>
    </Card>
  );
}
