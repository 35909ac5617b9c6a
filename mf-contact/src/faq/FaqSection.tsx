import { useState } from 'react';
import { faqCopy, faqItems } from 'shared-content/contact';
import { styled } from 'shared-content/styling';
import { Section, SectionHeading } from 'shared-content/ui';
import { nothingOpen, toggleItem } from './accordion.ts';
import { FaqItem } from './FaqItem.tsx';

const List = styled.div(({ theme }) => ({
  display: 'grid',
  gap: theme.space[3],
  maxWidth: 820,
  marginInline: 'auto',
}));

const Closing = styled.p(({ theme }) => ({
  marginTop: theme.space[10],
  textAlign: 'center',
  color: theme.color.fg.muted,
  fontSize: theme.font.size.lg,
  '& a': {
    marginLeft: theme.space[2],
    color: theme.color.fg.brand,
    fontWeight: theme.font.weight.bold,
    textUnderlineOffset: 4,
  },
}));

/** The FAQ (anchor faqs): five questions, at most one open, ending with a link to Get In Touch. */
export function FaqSection() {
  const [open, setOpen] = useState(nothingOpen);
  return (
    <Section id={faqCopy.anchor} tone="subtle" labelledBy="faqs-heading">
      <SectionHeading
        id="faqs-heading"
        eyebrow={faqCopy.eyebrow}
        title={faqCopy.heading}
        subtitle={faqCopy.subtitle}
      />
      <List>
        {faqItems.map((item, index) => (
          <FaqItem
            key={item.question}
            id={`faq-${index + 1}`}
            item={item}
            open={open === index}
            onToggle={() => setOpen((current) => toggleItem(current, index))}
          />
        ))}
      </List>
      <Closing>
        {faqCopy.closingText}
        <a href={faqCopy.contactLink.href}>{faqCopy.contactLink.label}</a>
      </Closing>
    </Section>
  );
}
