import { Link } from 'react-router-dom';
import { footerCopy, footerSocialLinks, siteConfig } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { Container, Icon } from 'shared-content/ui';
import { BrandLink } from './BrandLink.tsx';
import { NewsletterForm } from './NewsletterForm.tsx';

const Band = styled.footer(({ theme }) => ({
  background: theme.color.bg.inverse,
  color: theme.color.fg.inverseMuted,
  paddingTop: theme.space[16],
  '& a': { color: theme.color.fg.inverseMuted, textDecoration: 'none' },
  '& a:hover': { color: theme.color.fg.inverse, textDecoration: 'underline' },
  '& h2': {
    color: theme.color.fg.inverse,
    fontSize: theme.font.size.md,
    fontWeight: theme.font.weight.bold,
    marginBottom: theme.space[4],
  },
}));

const Columns = styled.div(({ theme }) => ({
  display: 'grid',
  gap: theme.space[10],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.mq.lg]: { gridTemplateColumns: '1.4fr 1fr 1.2fr 1.4fr' },
}));

const Brand = styled.div(({ theme }) => ({
  color: theme.color.fg.inverse,
  '& p': { marginTop: theme.space[4], color: theme.color.fg.inverseMuted },
}));

const Socials = styled.ul(({ theme }) => ({
  display: 'flex',
  gap: theme.space[2],
  listStyle: 'none',
  margin: `${theme.space[6]} 0 0`,
  padding: 0,
  '& a': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 44,
    height: 44,
    borderRadius: theme.radii.full,
    background: theme.color.bg.inverseRaised,
    color: theme.color.fg.inverse,
  },
  '& a:hover': { background: theme.color.bg.brand },
}));

const LinkList = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[2],
  '& li': { display: 'flex', gap: theme.space[3], alignItems: 'center' },
  '& svg': { flexShrink: 0 },
}));

const Bottom = styled.div(({ theme }) => ({
  marginTop: theme.space[12],
  paddingBlock: theme.space[6],
  borderTop: `1px solid ${theme.color.border.inverse}`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.space[4],
  justifyContent: 'space-between',
  fontSize: theme.font.size.sm,
  '& ul': { display: 'flex', gap: theme.space[6], listStyle: 'none', margin: 0, padding: 0 },
}));

export function Footer() {
  const { phones, email } = siteConfig;
  return (
    <Band>
      <Container>
        <Columns>
          <Brand>
            <BrandLink />
            <p>{footerCopy.description}</p>
            <Socials aria-label={footerCopy.socialHeading}>
              {footerSocialLinks.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${link.label} (opens in a new tab)`}
                  >
                    <Icon name={link.icon} size={20} />
                  </a>
                </li>
              ))}
            </Socials>
          </Brand>
          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links">{footerCopy.quickLinksHeading}</h2>
            <LinkList>
              {footerCopy.quickLinks.map((link) => (
                <li key={link.path}>
                  <Link to={link.path}>{link.name}</Link>
                </li>
              ))}
            </LinkList>
          </nav>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">{footerCopy.contactHeading}</h2>
            <LinkList>
              <li>
                <Icon name="location" size={20} />
                {footerCopy.remoteNote}
              </li>
              <li>
                <Icon name="phone" size={20} />
                <a href={`tel:${phones.primary.tel}`}>{phones.primary.display}</a>
              </li>
              <li>
                <Icon name="mail" size={20} />
                <a href={`mailto:${email}`}>{email}</a>
              </li>
            </LinkList>
          </section>
          <NewsletterForm />
        </Columns>
        <Bottom>
          <p>{footerCopy.copyright(new Date().getFullYear())}</p>
          <ul>
            <li>
              <Link to={footerCopy.privacyLink.path}>{footerCopy.privacyLink.name}</Link>
            </li>
            <li>
              <Link to={footerCopy.termsLink.path}>{footerCopy.termsLink.name}</Link>
            </li>
          </ul>
        </Bottom>
      </Container>
    </Band>
  );
}
