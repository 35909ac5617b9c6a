import { ThemeProvider } from '@emotion/react';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { BrowserRouter, Link, Route, Routes, useParams, useSearchParams } from 'react-router-dom';
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
  /**
   * The props each expose is rendered with (its src/exposes.ts declaration's, declaredPropSets): /<Expose> shows
   * the first set, /<Expose>?props=<n> set n.
   */
  sampleProps?: Record<string, readonly object[]>;
}

/** Set on the showcase's content once the expose rendered, or failed: what the release gates wait for in Chromium. */
export const showcaseStateAttribute = 'data-showcase-state';

function Rendered({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.body.setAttribute(showcaseStateAttribute, 'rendered');
  }, []);
  return children;
}

/** A throw while rendering is shown with its message (a developer's page), and marked for the release gates. */
class ShowcaseErrorBoundary extends Component<
  { expose: string; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  override componentDidCatch() {
    document.body.setAttribute(showcaseStateAttribute, 'failed');
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Container>
        <h1>{this.props.expose} failed while rendering</h1>
        <pre data-showcase-error="">{error.message}</pre>
      </Container>
    );
  }
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
  const [search] = useSearchParams();
  const loader = modules[expose];
  const Exposed = useMemo(() => (loader ? lazy(loader) : null), [loader]);
  if (!Exposed) return <p>Unknown expose "{expose}".</p>;
  const props = sampleProps?.[expose]?.[Number(search.get('props') ?? '0')] ?? {};
  return (
    <ShowcaseErrorBoundary key={`${expose}?${search}`} expose={expose}>
      <Suspense fallback={<p>Loading {expose}…</p>}>
        <Rendered>
          <Exposed {...props} />
        </Rendered>
      </Suspense>
    </ShowcaseErrorBoundary>
  );
}

/**
 * The page a remote shows when run on its own (`pnpm --filter <remote> dev`): a list of what it
 * exposes, each rendered at /<ExposeName> with the shared theme and a router, as the shell would, and with each
 * set of its declared props at /<ExposeName>?props=<n>. The release gates render every expose here in Chromium.
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
