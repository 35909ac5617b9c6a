import { ThemeProvider } from '@emotion/react';
import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router-dom';
import { styled } from '../theme/styling.ts';
import { theme } from '../theme/theme.ts';
import { Container } from './Container.tsx';
import { GlobalStyles } from './GlobalStyles.tsx';

/** Loaders of a remote's exposed modules, keyed by expose name (componentLoaders of the remote's src/exposes.ts). */
// biome-ignore lint/suspicious/noExplicitAny: each expose has its own props; the showcase passes sample props.
export type ExposedModuleLoaders = Record<string, () => Promise<{ default: ComponentType<any> }>>;

export interface RemoteShowcaseProps {
  remoteName: string;
  modules: ExposedModuleLoaders;
  /** Props the showcase passes to exposes that need them. */
  sampleProps?: Record<string, object>;
}

const Bar = styled.nav(({ theme }) => ({
  position: 'sticky',
  top: 0,
  zIndex: theme.zIndex.header,
  background: theme.color.bg.inverse,
  color: theme.color.fg.inverse,
  padding: `${theme.space[3]} 0`,
  fontSize: theme.font.size.sm,
  '& ul': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: theme.space[4],
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  '& a': { color: theme.color.fg.inverse },
}));

function ExposedModule({ modules, sampleProps }: Pick<RemoteShowcaseProps, 'modules' | 'sampleProps'>) {
  const { expose = '' } = useParams();
  const loader = modules[expose];
  const Component = useMemo(() => (loader ? lazy(loader) : null), [loader]);
  if (!Component) return <p>Unknown expose "{expose}".</p>;
  return (
    <Suspense fallback={<p>Loading {expose}…</p>}>
      <Component {...(sampleProps?.[expose] ?? {})} />
    </Suspense>
  );
}

/**
 * The page a remote shows when run on its own (`pnpm --filter <remote> dev`): a list of what it
 * exposes, each rendered at /<ExposeName> with the shared theme and a router, as the shell would.
 */
export function RemoteShowcase({ remoteName, modules, sampleProps }: RemoteShowcaseProps) {
  const names = Object.keys(modules);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <BrowserRouter>
        <Bar aria-label={`${remoteName} exposes`}>
          <Container>
            <ul>
              <li>
                <Link to="/">{remoteName}</Link>
              </li>
              {names.map((name) => (
                <li key={name}>
                  <Link to={`/${name}`}>{name}</Link>
                </li>
              ))}
            </ul>
          </Container>
        </Bar>
        <Routes>
          <Route
            path="/"
            element={
              <Container>
                <h1>{remoteName}: standalone</h1>
                <p>This remote exposes {names.length} modules. Pick one above to render it on its own.</p>
              </Container>
            }
          />
          <Route path="/:expose" element={<ExposedModule modules={modules} sampleProps={sampleProps} />} />
        </Routes>
      </BrowserRouter>
    </ThemeProvider>
  );
}
