import { testimonials, testimonialsCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { Section, SectionHeading } from 'shared-content/ui';
import { FeaturedTestimonial } from '../components/FeaturedTestimonial.tsx';
import { StatsStrip } from '../components/StatsStrip.tsx';
import { TestimonialCard } from '../components/TestimonialCard.tsx';

const Cards = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: `${theme.space[8]} 0 0`,
  padding: 0,
  display: 'grid',
  gap: theme.space[6],
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
}));

const Stats = styled(StatsStrip)(({ theme }) => ({ marginTop: theme.space[12] }));

/** What clients say: the featured testimonial in full, the others as cards, and the satisfaction figures. */
export function TestimonialsSection() {
  const { eyebrow, heading, subtitle, stats } = testimonialsCopy;
  const featured = testimonials.find((testimonial) => testimonial.featured);
  const others = testimonials.filter((testimonial) => testimonial !== featured);
  return (
    <Section id="testimonials" labelledBy="testimonials-heading">
      <SectionHeading id="testimonials-heading" eyebrow={eyebrow} title={heading} subtitle={subtitle} />
      {featured ? <FeaturedTestimonial testimonial={featured} /> : null}
      <Cards>
        {others.map((testimonial) => (
          <li key={testimonial.name}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </Cards>
      <Stats stats={stats} />
    </Section>
  );
}
