import { screen, within } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { testimonials } from 'shared-content/marketing';
import { describe, expect, it } from 'vitest';
import { TestimonialsSection } from './TestimonialsSection.tsx';

describe('TestimonialsSection', () => {
  it('shows the heading and subtitle verbatim', () => {
    renderWithProviders(<TestimonialsSection />);
    expect(screen.getByRole('heading', { level: 2, name: 'What Our Clients Say' })).toBeInTheDocument();
    expect(
      screen.getByText("Don't just take our word for it - hear from businesses we've transformed."),
    ).toBeInTheDocument();
  });

  it('shows the featured testimonial large and in full', () => {
    renderWithProviders(<TestimonialsSection />);
    const featured = testimonials.find((testimonial) => testimonial.featured);
    expect(featured).toBeDefined();
    const card = screen.getByTestId('featured-testimonial');
    expect(within(card).getByText(featured?.text ?? '')).toBeInTheDocument();
    expect(within(card).getByText(featured?.name ?? '')).toBeInTheDocument();
  });

  it('cuts the other testimonials at 120 characters plus an ellipsis', () => {
    renderWithProviders(<TestimonialsSection />);
    const others = testimonials.filter((testimonial) => !testimonial.featured);
    expect(others).toHaveLength(3);
    for (const testimonial of others) {
      const shown = screen.getByText(`${testimonial.text.slice(0, 120)}…`);
      expect(shown.textContent).toHaveLength(121);
      expect(screen.queryByText(testimonial.text)).not.toBeInTheDocument();
    }
  });

  it('labels every rating, half steps included', () => {
    renderWithProviders(<TestimonialsSection />);
    expect(screen.getAllByRole('img', { name: /^Rated [\d.]+ out of 5$/ })).toHaveLength(4);
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 out of 5' })).toHaveLength(2);
    expect(screen.getAllByRole('img', { name: 'Rated 5 out of 5' })).toHaveLength(2);
  });

  it('names clients by role and business, in India and Switzerland, each with its own avatar', () => {
    renderWithProviders(<TestimonialsSection />);
    for (const testimonial of testimonials) {
      expect(screen.getByText(testimonial.name)).toBeInTheDocument();
      expect(testimonial.name).toMatch(/^[A-Z][\w -]+, /);
    }
    expect(new Set(testimonials.map((t) => t.location.split(', ').at(-1)))).toEqual(
      new Set(['India', 'Switzerland']),
    );
    const avatars = testimonials.map((t) => screen.getByRole('img', { name: t.image.alt }));
    expect(new Set(avatars.map((avatar) => avatar.getAttribute('src'))).size).toBe(4);
  });

  it('shows the stats strip', () => {
    renderWithProviders(<TestimonialsSection />);
    for (const [value, label] of [
      ['100%', 'Client Satisfaction'],
      ['50+', 'Projects Completed'],
      ['24/7', 'Support Available'],
      ['5★', 'Average Rating'],
    ] as const) {
      expect(screen.getByText(label).parentElement).toHaveTextContent(`${label}${value}`);
    }
  });
});
