import { aboutCopy } from 'shared-content/marketing';
import { PageHero } from 'shared-content/ui';
import { AboutSection } from '../sections/AboutSection.tsx';
import { AboutValues } from '../sections/AboutValues.tsx';

/** /about: the page title, the about section and what clients can expect; the shell adds process and testimonials. */
export function AboutPage() {
  const { pageHero } = aboutCopy;
  return (
    <>
      <PageHero
        id="about-page-heading"
        eyebrow={pageHero.eyebrow}
        title={pageHero.heading}
        text={pageHero.text}
      />
      <AboutSection />
      <AboutValues />
    </>
  );
}
