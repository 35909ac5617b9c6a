import { contactDetailsCopy } from 'shared-content/contact';
import { siteConfig } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { Icon, Section } from 'shared-content/ui';

const Card = styled.div(({ theme }) => ({
  maxWidth: 640,
  padding: theme.space[8],
  borderRadius: theme.radii.lg,
  border: `1px solid ${theme.color.border.default}`,
  boxShadow: theme.shadows.md,
  '& h2': { fontSize: theme.font.size['2xl'], marginBottom: theme.space[6] },
  '& h3': { fontSize: theme.font.size.md, marginTop: theme.space[6], marginBottom: theme.space[2] },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space[3] },
  '& li': { display: 'flex', gap: theme.space[3], alignItems: 'center' },
  '& svg': { color: theme.color.fg.brand, flexShrink: 0 },
  '& a': { color: theme.color.fg.brand, fontWeight: theme.font.weight.semibold },
}));

export function ContactDetails() {
  const { phones, email, whatsappUrl } = siteConfig;
  return (
    <Section labelledBy="contact-details-heading">
      <Card>
        <h2 id="contact-details-heading">{contactDetailsCopy.heading}</h2>
        <ul>
          {[phones.primary, phones.secondary].map((phone) => (
            <li key={phone.tel}>
              <Icon name="phone" />
              <a href={`tel:${phone.tel}`}>{phone.display}</a>
            </li>
          ))}
          <li>
            <Icon name="chat" />
            <a href={whatsappUrl} target="_blank" rel="noopener noreferrer">
              {contactDetailsCopy.chatLabel}
            </a>
          </li>
          <li>
            <Icon name="mail" />
            <a href={`mailto:${email}`}>{email}</a>
          </li>
        </ul>
        <h3>{contactDetailsCopy.hoursHeading}</h3>
        <ul>
          {contactDetailsCopy.hours.map((line) => (
            <li key={line}>
              <Icon name="clock" />
              {line}
            </li>
          ))}
        </ul>
        <h3>{contactDetailsCopy.officeHeading}</h3>
        <ul>
          <li>
            <Icon name="location" />
            {contactDetailsCopy.officeNote}
          </li>
        </ul>
      </Card>
    </Section>
  );
}
