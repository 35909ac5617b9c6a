import type { ReactNode } from 'react';
import type { LegalSection } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { PageHero, Section } from 'shared-content/ui';

export interface LegalDocumentProps {
  id: string;
  heading: string;
  dateLabel: string;
  date: string;
  intro: string;
  sections: readonly LegalSection[];
  children?: ReactNode;
}

const Article = styled.article(({ theme }) => ({
  maxWidth: 780,
  '& h2': { fontSize: theme.font.size['2xl'], marginTop: theme.space[10], marginBottom: theme.space[3] },
  '& p, & li': { color: theme.color.fg.muted, fontSize: theme.font.size.lg },
  '& p + p': { marginTop: theme.space[3] },
  '& ul': { paddingLeft: theme.space[6], marginTop: theme.space[3] },
}));

const Updated = styled.p(({ theme }) => ({ marginTop: theme.space[4], color: theme.color.fg.inverseMuted }));

/** A legal page: title band with its date, an introduction and numbered sections. */
export function LegalDocument({
  id,
  heading,
  dateLabel,
  date,
  intro,
  sections,
  children,
}: LegalDocumentProps) {
  return (
    <>
      <PageHero id={id} title={heading}>
        <Updated>
          {dateLabel} <time>{date}</time>
        </Updated>
      </PageHero>
      <Section labelledBy={id}>
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
            </section>
          ))}
          {children}
        </Article>
      </Section>
    </>
  );
}
