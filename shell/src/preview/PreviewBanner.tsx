import type { PreviewClaim, PreviewSession } from 'federation/preview';
import { previewPaths } from 'federation/preview';
import { describePicks, sessionInCookie } from 'federation/preview-session';
import { lazy, Suspense, useEffect, useState } from 'react';
import { previewBannerCopy } from 'shared-content/site';
import { devtoolsCopy } from 'shared-content/site/devtools';
import { styled } from 'shared-content/styling';
import type { PageHandle } from '../devtools/page-handle.ts';
import { previewSourceOf } from './preview-source.ts';
import { currentPreview } from './preview-state.ts';

// Sticky at the end of the page: it stays in view, moves nothing above it, and is not there without a preview.
const Bar = styled.aside(({ theme }) => ({
  position: 'sticky',
  bottom: 0,
  zIndex: theme.zIndex.header,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: `${theme.space[2]} ${theme.space[4]}`,
  padding: `${theme.space[2]} ${theme.space[4]}`,
  [theme.mq.md]: { padding: `${theme.space[3]} ${theme.space[4]}` },
  background: theme.color.bg.inverse,
  color: theme.color.fg.inverse,
  fontSize: theme.font.size.sm,
  lineHeight: theme.font.lineHeight.snug,
  boxShadow: theme.shadows.lg,
}));

const Label = styled.strong(({ theme }) => ({
  padding: `${theme.space[1]} ${theme.space[2]}`,
  borderRadius: theme.radii.sm,
  background: theme.color.bg.accent,
  color: theme.color.fg.onAccent,
  fontWeight: theme.font.weight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  fontSize: theme.font.size.xs,
}));

const Version = styled.code(({ theme }) => ({ fontFamily: theme.font.family.mono, whiteSpace: 'nowrap' }));

const Exit = styled.a(({ theme }) => ({
  padding: `${theme.space[2]} ${theme.space[4]}`,
  borderRadius: theme.radii.full,
  background: theme.color.bg.page,
  color: theme.color.fg.brand,
  fontWeight: theme.font.weight.semibold,
  textDecoration: 'none',
  '&:hover': { background: theme.color.bg.brandSubtle },
  '&:focus-visible': {
    outline: `2px solid ${theme.color.border.focusInner}`,
    outlineOffset: '2px',
  },
}));

const Toggle = styled.button(({ theme }) => ({
  padding: `${theme.space[2]} ${theme.space[4]}`,
  borderRadius: theme.radii.full,
  border: `1px solid ${theme.color.border.inverse}`,
  background: 'transparent',
  color: theme.color.fg.inverse,
  font: 'inherit',
  fontWeight: theme.font.weight.semibold,
  cursor: 'pointer',
  '&:hover': { background: theme.color.bg.inverseRaised },
  '&:focus-visible': {
    outline: `2px solid ${theme.color.border.focusInner}`,
    outlineOffset: '2px',
  },
}));

/**
 * A team member's panel of what the page runs (../devtools/): a chunk of its own, fetched only when opened, from
 * this banner's chunk, which a visitor never loads.
 */
const PageDevtools = lazy(async () => ({
  default: (await import(/* webpackChunkName: "devtools-panel" */ '../devtools/PageDevtools.tsx'))
    .PageDevtools,
}));

/** Alt+Shift+D, on any keyboard layout (the key's position, not the letter it types with Alt). */
const isDevtoolsKey = (event: KeyboardEvent) => event.altKey && event.shiftKey && event.code === 'KeyD';

/** Open from the start when the address asks for it (`?devtools`), as a team's link to a page can. */
const askedInAddress = () => new URLSearchParams(location.search).has('devtools');

/** The panel's open state: the banner's button, the key combination, or the address. */
function useDevtoolsOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (askedInAddress()) setOpen(true);
    const onKey = (event: KeyboardEvent) => {
      if (!isDevtoolsKey(event)) return;
      event.preventDefault();
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return [open, setOpen];
}

/** The session this browser's cookie holds, if it holds one (federation/preview-session.ts), unchecked like the claim. */
const currentSession = (): PreviewSession | undefined => sessionInCookie(document.cookie);

const timeOf = (expires: number) =>
  new Date(expires * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * Names the remote and version this browser previews, where that version came from (its commit, branch or tag
 * and who released it, read from the preview's map: preview-source.ts), and offers to leave. Rendered after
 * hydration only (the cookie is the browser's), so prerendered pages and the first render agree whether or not
 * there is a preview; loaded only in a preview (PreviewBannerSlot.tsx).
 */
export function PreviewBanner({
  page,
  readSource = previewSourceOf,
}: {
  /** What the page devtools read of the page (PreviewBannerSlot.tsx makes it); without it, no devtools. */
  page?: PageHandle;
  readSource?: (claim: PreviewClaim) => Promise<string | undefined>;
}) {
  const [preview, setPreview] = useState<PreviewClaim>();
  const [session, setSession] = useState<PreviewSession>();
  const [source, setSource] = useState<string>();
  const [devtoolsOpen, setDevtoolsOpen] = useDevtoolsOpen();
  useEffect(() => {
    const claim = currentPreview();
    const held = currentSession();
    setPreview(claim);
    setSession(held);
    let current = true;
    if (claim && !held)
      void readSource(claim).then((text) => {
        if (current) setSource(text);
      });
    return () => {
      current = false;
    };
  }, [readSource]);
  if (!preview) return null;
  // The remote's folder, as the team's commands name it (mf_portfolio → mf-portfolio).
  const remote = preview.remote.replaceAll('_', '-');
  return (
    <>
      <Bar aria-label={previewBannerCopy.label} data-testid="preview-banner">
        <Label>{previewBannerCopy.label}</Label>
        <span>
          {previewBannerCopy.seeing}{' '}
          {session ? (
            <Version>{describePicks(session.picks, (name) => name.replaceAll('_', '-'))}</Version>
          ) : (
            <>
              {remote}{' '}
              <Version>{preview.version ?? previewBannerCopy.fromDevServer(preview.dev ?? '')}</Version>
            </>
          )}{' '}
          {previewBannerCopy.until(timeOf(preview.expires))}
          {source ? <> {previewBannerCopy.builtFrom(source)}</> : null}
        </span>
        <Toggle
          type="button"
          aria-expanded={devtoolsOpen}
          aria-controls={devtoolsOpen ? 'page-devtools' : undefined}
          aria-keyshortcuts="Alt+Shift+D"
          title={devtoolsCopy.keys}
          onClick={() => setDevtoolsOpen(!devtoolsOpen)}
        >
          {devtoolsCopy.open}
        </Toggle>
        <Exit href={previewPaths.exit}>{previewBannerCopy.exit}</Exit>
      </Bar>
      {page && devtoolsOpen ? (
        <Suspense fallback={null}>
          <PageDevtools page={page} onClose={() => setDevtoolsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
