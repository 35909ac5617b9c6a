import type { ReactNode } from 'react';
import { formatLegalDate, isoDate, type LegalSection, todayDateMarker } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { PageHero, Section } from 'shared-content/ui';
import { LegalContact } from '../components/LegalContact.tsx';
import { LegalContents } from '../components/LegalContents.tsx';

export interface LegalDocumentProps {
  id: string;
  heading: string;
  dateLabel: string;
  intro: string;
  sections: readonly LegalSection[];
  children?: ReactNode;
}

const Layout = styled.div(({ theme }) => ({
  display: 'grid',
  gap: theme.space[10],
  alignItems: 'start',
  [theme.mq.lg]: { gridTemplateColumns: '260px minmax(0, 780px)', gap: theme.space[16] },
}));

const Article = styled.article(({ theme }) => ({
  '& > p': { fontSize: theme.font.size.lg, color: theme.color.fg.default },
  '& section h2': {
    fontSize: theme.font.size['2xl'],
    marginTop: theme.space[12],
    marginBottom: theme.space[4],
    paddingTop: theme.space[8],
    borderTop: `1px solid ${theme.color.border.default}`,
  },
  '& section p, & li': { color: theme.color.fg.muted, fontSize: theme.font.size.md },
  '& section p + p, & ul + p': { marginTop: theme.space[3] },
  '& ul': {
    paddingLeft: theme.space[6],
    margin: `${theme.space[3]} 0 0`,
    display: 'grid',
    gap: theme.space[2],
  },
  [theme.mq.md]: { '& section p, & li': { fontSize: theme.font.size.lg } },
}));

const Updated = styled.p(({ theme }) => ({
  display: 'inline-block',
  marginTop: theme.space[5],
  padding: `${theme.space[1]} ${theme.space[4]}`,
  borderRadius: theme.radii.full,
  background: theme.color.bg.glass,
  border: `1px solid ${theme.color.border.glass}`,
  color: theme.color.fg.inverseMuted,
  fontSize: theme.font.size.sm,
}));

/**
 * A legal page: title band with its date, an introduction and numbered sections. The date is the day of the
 * render, with no state: in Node the day the page is prerendered, after a client navigation the visitor's today.
 * A prerendered page keeps its HTML without this code, so the date is marked for the page loader, which sets
 * it to the visitor's today (todayDateMarker).
 */
export function LegalDocument({ id, heading, dateLabel, intro, sections, children }: LegalDocumentProps) {
  const today = new Date();
  return (
    <>
      <PageHero id={id} title={heading}>
        <Updated data-testid="legal-updated">
          {dateLabel}{' '}
          {/* The HTML may hold another day than this render (the release day, or the page loader's before midnight). */}
          <time {...todayDateMarker} dateTime={isoDate(today)} suppressHydrationWarning>
            {formatLegalDate(today)}
          </time>
        </Updated>
      </PageHero>
      {/* The body continues the title band's region rather than repeating its name as a second landmark. */}
      <Section>
        <Layout>
          <LegalContents sections={sections} />
          <Article>
            <p>{intro}</p>
            {sections.map((section, index) => (
              <section key={section.id} aria-labelledby={section.id}>
                <h2 id={section.id}>
                  {index + 1}. {section.heading}
                </h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.bullets ? (
                  <ul>
                    {section.bullets.map((bullet) => (
                      <li key={bullet}>{bullet}</li>
                    ))}
                  </ul>
                ) : null}
                {section.after?.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.contactLines ? <LegalContact lines={section.contactLines} /> : null}
              </section>
            ))}
            {children}
          </Article>
        </Layout>
      </Section>
    </>
  );
}
