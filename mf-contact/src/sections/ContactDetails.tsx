import { contactDetailsCopy } from 'shared-content/contact';
import { siteConfig } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { EmailText } from '../form/EmailText.tsx';
import { DetailItem } from './DetailItem.tsx';
import { HoursList } from './HoursList.tsx';

const Card = styled.section(({ theme }) => ({
  background: theme.color.bg.inverse,
  color: theme.color.fg.inverse,
  borderRadius: theme.radii.xl,
  padding: theme.space[6],
  boxShadow: theme.shadows.lg,
  [theme.mq.md]: { padding: theme.space[10] },
  '& h2': { fontSize: theme.font.size['2xl'], fontWeight: theme.font.weight.extrabold },
  '& h3': {
    marginTop: theme.space[8],
    marginBottom: theme.space[3],
    fontSize: theme.font.size.sm,
    fontWeight: theme.font.weight.bold,
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
    color: theme.color.fg.inverseMuted,
  },
}));

const Intro = styled.p(({ theme }) => ({ marginTop: theme.space[2], color: theme.color.fg.inverseMuted }));

const List = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: `${theme.space[6]} 0 0`,
  padding: 0,
  display: 'grid',
  gap: theme.space[4],
}));

/** Our Contact Details: phones, the WhatsApp chat, e-mail, business hours and the office note. */
export function ContactDetails() {
  const { phones, email, whatsappUrl } = siteConfig;
  const copy = contactDetailsCopy;
  return (
    <Card aria-labelledby="contact-details-heading">
      <h2 id="contact-details-heading">{copy.heading}</h2>
      <Intro>{copy.intro}</Intro>
      <List>
        {[phones.primary, phones.secondary].map((phone) => (
          <DetailItem key={phone.tel} icon="phone" tone="dark">
            <a href={`tel:${phone.tel}`}>{phone.display}</a>
          </DetailItem>
        ))}
        <DetailItem icon="chat" tone="dark">
          <a href={whatsappUrl} target="_blank" rel="noopener noreferrer">
            {copy.chatLabel}
          </a>
        </DetailItem>
        <DetailItem icon="mail" tone="dark">
          <a href={`mailto:${email}`}>
            <EmailText address={email} />
          </a>
        </DetailItem>
      </List>
      <h3>{copy.hoursHeading}</h3>
      <HoursList hours={copy.hours} tone="dark" />
      <h3>{copy.officeHeading}</h3>
      <List>
        <DetailItem icon="location" tone="dark">
          {copy.officeNote}
        </DetailItem>
      </List>
    </Card>
  );
}
