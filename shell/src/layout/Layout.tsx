import type { ReactNode } from 'react';
import { styled } from 'shared-content/styling';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SkipLink } from './SkipLink.tsx';

const Main = styled.main({ outline: 'none', minHeight: '60vh' });

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
