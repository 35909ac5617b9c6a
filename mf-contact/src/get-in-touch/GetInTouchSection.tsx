import { getInTouchCopy } from 'shared-content/contact';
import type { EmailJsSettings } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { Section, SectionHeading } from 'shared-content/ui';
import { EmailText } from '../form/EmailText.tsx';
import { DetailItem } from '../sections/DetailItem.tsx';
import { HoursList } from '../sections/HoursList.tsx';
import { GetInTouchForm } from './GetInTouchForm.tsx';

export interface GetInTouchSectionProps {
  emailjs: EmailJsSettings;
  /** The provider is the project's own API: send an Idempotency-Key with each message (see the form's hook). */
  idempotent?: boolean;
}

const Layout = styled.div(({ theme }) => ({
  display: 'grid',
  gap: theme.space[10],
  alignItems: 'start',
  [theme.mq.lg]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 7fr)', gap: theme.space[12] },
}));

const Details = styled.div(({ theme }) => ({
  '& h3': {
    fontSize: theme.font.size.sm,
    fontWeight: theme.font.weight.bold,
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
    color: theme.color.fg.muted,
    marginBottom: theme.space[4],
  },
  '& h3:not(:first-of-type)': { marginTop: theme.space[10] },
}));

const List = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[5],
}));

/** Get In Touch (anchor contact): phone, e-mail, location and its own hours beside the simple form. */
export function GetInTouchSection({ emailjs, idempotent = false }: GetInTouchSectionProps) {
  const copy = getInTouchCopy;
  return (
    <Section id={copy.anchor} tone="subtle" labelledBy="get-in-touch-heading">
      <SectionHeading
        id="get-in-touch-heading"
        eyebrow={copy.eyebrow}
        title={copy.heading}
        subtitle={copy.intro}
      />
      <Layout>
        <Details>
          <h3>{copy.detailsHeading}</h3>
          <List>
            <DetailItem icon="phone" label={copy.phoneLabel} tone="light">
              <a href={`tel:${copy.phone.tel}`}>{copy.phone.display}</a>
            </DetailItem>
            <DetailItem icon="mail" label={copy.emailLabel} tone="light">
              <a href={`mailto:${copy.email}`}>
                <EmailText address={copy.email} />
              </a>
            </DetailItem>
            <DetailItem icon="location" label={copy.locationLabel} tone="light">
              {copy.location}
            </DetailItem>
          </List>
          <h3>{copy.hoursHeading}</h3>
          <HoursList hours={copy.hours} tone="light" />
        </Details>
        <GetInTouchForm emailjs={emailjs} idempotent={idempotent} />
      </Layout>
    </Section>
  );
}
