import type { ReactNode } from 'react';
import { styled } from 'shared-content/styling';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SkipLink } from './SkipLink.tsx';

// Focused only by the skip link, to start the next Tab there: no ring around the whole page.
const Main = styled.main({
  minHeight: '60vh',
  '&:focus, &:focus-visible': { outline: 'none', boxShadow: 'none' },
});

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Header />
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <Footer />
    </>
  );
}
