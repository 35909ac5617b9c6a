import { contactHeroCopy } from 'shared-content/contact';
import { styled } from 'shared-content/styling';
import { Icon, PageHero } from 'shared-content/ui';

const Highlights = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: `${theme.space[8]} 0 0`,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.space[3],
  '& li': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: theme.space[2],
    padding: `${theme.space[2]} ${theme.space[4]}`,
    borderRadius: theme.radii.full,
    background: theme.color.bg.glass,
    border: `1px solid ${theme.color.border.glass}`,
    color: theme.color.fg.inverse,
    fontSize: theme.font.size.sm,
    fontWeight: theme.font.weight.semibold,
  },
}));

/** The contact page's hero: the heading and the promise of a reply within 24 hours. */
export function ContactHero() {
  return (
    <PageHero
      id="contact-heading"
      eyebrow={contactHeroCopy.eyebrow}
      title={contactHeroCopy.heading}
      text={contactHeroCopy.text}
    >
      <Highlights>
        {contactHeroCopy.highlights.map((highlight) => (
          <li key={highlight.text}>
            <Icon name={highlight.icon} size={18} />
            {highlight.text}
          </li>
        ))}
      </Highlights>
    </PageHero>
  );
}
