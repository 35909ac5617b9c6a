import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'build-config/testing';
import { faqItems } from 'shared-content/contact';
import { describe, expect, it } from 'vitest';
import { toggleItem } from './accordion.ts';
import { FaqSection } from './FaqSection.tsx';

describe('toggleItem', () => {
  it('opens an item from nothing open, switches to another, and closes the open one', () => {
    expect(toggleItem(null, 2)).toBe(2);
    expect(toggleItem(2, 4)).toBe(4);
    expect(toggleItem(4, 4)).toBeNull();
  });
});

describe('the FAQ section', () => {
  /** Visible answer regions (the section itself is a region too). */
  const openAnswers = () => screen.queryAllByRole('region').filter((region) => region.id.endsWith('-answer'));
  const questionButtons = () => faqItems.map((item) => screen.getByRole('button', { name: item.question }));

  it('has five questions, all closed at first, each a button controlling its answer region', () => {
    renderWithProviders(<FaqSection />);
    expect(faqItems).toHaveLength(5);
    for (const button of questionButtons()) {
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const region = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(region).not.toBeNull();
      expect(region).not.toBeVisible();
    }
    expect(openAnswers()).toHaveLength(0);
  });

  it('keeps at most one answer open, and clicking the open question closes it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FaqSection />);
    const [first, second] = questionButtons() as [HTMLElement, HTMLElement];

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: faqItems[0]?.question })).toHaveTextContent(
      faqItems[0]?.answer ?? '',
    );

    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(openAnswers()).toHaveLength(1);

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(openAnswers()).toHaveLength(0);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FaqSection />);
    const [first] = questionButtons() as [HTMLElement];
    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  it('sits at anchor faqs and ends with a Contact Us link to #contact', () => {
    const { container } = renderWithProviders(<FaqSection />);
    expect(container.querySelector('section')).toHaveAttribute('id', 'faqs');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '#contact');
  });
});
