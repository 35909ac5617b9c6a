import { notFoundCopy, routes } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { ButtonLink, PageHero } from 'shared-content/ui';

const Actions = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.space[4],
  marginTop: theme.space[8],
}));

/** Rendered by the shell itself, so a 404 works even when every remote is down. */
export function NotFoundPage() {
  return (
    <PageHero
      id="not-found-heading"
      eyebrow={notFoundCopy.eyebrow}
      title={notFoundCopy.heading}
      text={notFoundCopy.text}
    >
      <Actions>
        <ButtonLink to={routes.home.path} variant="accent">
          {notFoundCopy.homeButton}
        </ButtonLink>
        <ButtonLink to={routes.contact.path} variant="onDark">
          {notFoundCopy.contactButton}
        </ButtonLink>
      </Actions>
    </PageHero>
  );
}
