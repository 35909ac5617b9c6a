import type { ReactNode } from 'react';
import type { LegalSection } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { PageHero, Section } from 'shared-content/ui';
import { LegalContact } from '../components/LegalContact.tsx';
import { LegalContents } from '../components/LegalContents.tsx';

export interface LegalDocumentProps {
  id: string;
  heading: string;
  dateLabel: string;
  /** The date as shown; `dateTime` is the same date in ISO form for the <time> element. */
  date: string;
  dateTime: string;
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

/** A legal page: title band with its date, an introduction and numbered sections. */
export function LegalDocument({
  id,
  heading,
  dateLabel,
  date,
  dateTime,
  intro,
  sections,
  children,
}: LegalDocumentProps) {
  return (
    <>
      <PageHero id={id} title={heading}>
        <Updated data-testid="legal-updated">
          {/* Empty while hydrating (useToday): the prerendered date stays until today's replaces it. */}
          {dateLabel}{' '}
          <time dateTime={dateTime} suppressHydrationWarning>
            {date}
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
