import { connectCopy, contactSocialLinks } from 'shared-content/contact';
import { styled } from 'shared-content/styling';
import { Icon, Section, SectionHeading } from 'shared-content/ui';
import { EmailText } from '../form/EmailText.tsx';

const Links = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: theme.space[3],
  // Two columns on phones: the fifth profile spans the row instead of leaving a hole.
  '& li:last-of-type:nth-of-type(odd)': { gridColumn: '1 / -1' },
  [theme.mq.md]: {
    gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
    gap: theme.space[4],
    '& li:last-of-type:nth-of-type(odd)': { gridColumn: 'auto' },
  },
}));

const ProfileLink = styled.a(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: theme.space[3],
  padding: `${theme.space[6]} ${theme.space[4]}`,
  borderRadius: theme.radii.lg,
  border: `1px solid ${theme.color.border.default}`,
  background: theme.color.bg.page,
  color: theme.color.fg.default,
  fontWeight: theme.font.weight.semibold,
  textDecoration: 'none',
  boxShadow: theme.shadows.sm,
  transition: `transform ${theme.motion.fast} ${theme.motion.easing}, box-shadow ${theme.motion.fast} ${theme.motion.easing}`,
  '& svg': { color: theme.color.fg.brand },
  '&:hover': { transform: 'translateY(-2px)', boxShadow: theme.shadows.md, color: theme.color.fg.brand },
}));

const MailLine = styled.p(({ theme }) => ({
  marginTop: theme.space[10],
  textAlign: 'center',
  fontSize: theme.font.size.lg,
  color: theme.color.fg.muted,
  '& a': { color: theme.color.fg.brand, fontWeight: theme.font.weight.bold, overflowWrap: 'break-word' },
}));

/** Connect With Us: the five social profiles (each in a new tab) and a mail line. */
export function ConnectSection() {
  return (
    <Section labelledBy="connect-heading">
      <SectionHeading
        id="connect-heading"
        eyebrow={connectCopy.eyebrow}
        title={connectCopy.heading}
        subtitle={connectCopy.subtitle}
      />
      <Links>
        {contactSocialLinks.map((link) => (
          <li key={link.label}>
            <ProfileLink href={link.href} target="_blank" rel="noopener noreferrer">
              <Icon name={link.icon} size={28} />
              {link.label}
              <span className="visually-hidden"> {connectCopy.newTabHint}</span>
            </ProfileLink>
          </li>
        ))}
      </Links>
      <MailLine>
        {connectCopy.mailPrefix}{' '}
        <a href={`mailto:${connectCopy.email}`}>
          <EmailText address={connectCopy.email} />
        </a>
      </MailLine>
    </Section>
  );
}
