import { portfolioCopy } from 'shared-content/portfolio';
import { styled } from 'shared-content/styling';
import { ButtonLink, buttonStyles } from 'shared-content/ui';

export type ViewMoreProjectsProps =
  /** On the home page: a link to the portfolio page showing every project of the filter. */
  | { href: string; onReveal?: never }
  /** On the portfolio page: a button revealing the remaining projects in place. */
  | { href?: never; onReveal: () => void };

const Row = styled.div(({ theme }) => ({
  marginTop: theme.space[12],
  display: 'flex',
  justifyContent: 'center',
}));

const RevealButton = styled.button(({ theme }) => buttonStyles(theme, 'primary'));

export function ViewMoreProjects({ href, onReveal }: ViewMoreProjectsProps) {
  return (
    <Row>
      {href ? (
        <ButtonLink to={href}>{portfolioCopy.viewMore}</ButtonLink>
      ) : (
        <RevealButton type="button" onClick={onReveal}>
          {portfolioCopy.viewMore}
        </RevealButton>
      )}
    </Row>
  );
}
