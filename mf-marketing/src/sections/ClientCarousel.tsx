import { useState } from 'react';
import { clientCarouselCopy, clientLogos } from 'shared-content/marketing';
import { keyframes, styled } from 'shared-content/styling';
import { Icon, Section, SectionHeading } from 'shared-content/ui';
import { imageUrl } from '../assets/images.ts';

/**
 * The track holds the logos twice over; moving it by exactly half its width brings the second copy to where
 * the first began, so the loop restarts on an identical frame: no visible jump.
 */
const scroll = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

/** Each half of the track repeats the logo set this often, so a half is wider than the widest viewport. */
const setsPerHalf = 2;

const Band = styled(Section)(({ theme }) => ({
  paddingBlock: theme.space[16],
  [theme.mq.md]: { paddingBlock: theme.space[20] },
}));

const Viewport = styled.div(({ theme }) => ({
  overflow: 'hidden',
  borderRadius: theme.radii.lg,
  // Fade the logos in and out at the edges (a mask only reads alpha, so the colour is irrelevant).
  maskImage: 'linear-gradient(to right, transparent, black 10%, black 90%, transparent)',
  '&:hover ul, &:focus-within ul, &[data-paused="true"] ul': { animationPlayState: 'paused' },
  [theme.mq.reducedMotion]: { maskImage: 'none' },
}));

const Track = styled.ul(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  width: 'max-content',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  animation: `${scroll} ${clientCarouselCopy.loopSeconds}s linear infinite`,
  // Still under reduced motion: no animation, only the three real logos, centred.
  [theme.mq.reducedMotion]: {
    animation: 'none',
    width: 'auto',
    flexWrap: 'wrap',
    justifyContent: 'center',
    '& > [aria-hidden="true"]': { display: 'none' },
  },
}));

const Logo = styled.li(({ theme }) => ({
  flexShrink: 0,
  // Padding, not gap: every item then has the same width and the two halves are exactly equal.
  paddingInline: theme.space[5],
  paddingBlock: theme.space[3],
  [theme.mq.md]: { paddingInline: theme.space[8] },
  '& img': {
    width: 160,
    height: 'auto',
    [theme.mq.md]: { width: 200 },
    opacity: 0.85,
    filter: 'grayscale(0.35)',
    transition: `opacity ${theme.motion.normal}, filter ${theme.motion.normal}`,
  },
  '& img:hover': { opacity: 1, filter: 'none' },
}));

const Controls = styled.div(({ theme }) => ({
  display: 'flex',
  justifyContent: 'center',
  marginTop: theme.space[6],
  [theme.mq.reducedMotion]: { display: 'none' },
}));

const ToggleButton = styled.button(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.space[2],
  minHeight: 44,
  paddingInline: theme.space[4],
  borderRadius: theme.radii.full,
  border: `1px solid ${theme.color.border.strong}`,
  background: theme.color.bg.page,
  color: theme.color.fg.muted,
  fontSize: theme.font.size.sm,
  fontWeight: theme.font.weight.semibold,
  cursor: 'pointer',
  '&:hover': { color: theme.color.fg.brand, borderColor: theme.color.fg.brand },
}));

/** "Trusted by Industry Leaders": the client logos in an endless 30-second loop. */
export function ClientCarousel() {
  const [paused, setPaused] = useState(false);
  const { eyebrow, heading, subtitle, regionLabel, pauseLabel, playLabel } = clientCarouselCopy;
  const copies = Array.from({ length: setsPerHalf * 2 }, (_, copy) => copy);
  return (
    <Band id="clients" tone="subtle" labelledBy="clients-heading">
      <SectionHeading id="clients-heading" eyebrow={eyebrow} title={heading} subtitle={subtitle} />
      {/* Focusable so that keyboard users can stop the motion by moving focus onto it. */}
      <Viewport role="region" aria-label={regionLabel} tabIndex={0} data-paused={paused}>
        <Track data-testid="client-logo-track">
          {copies.flatMap((copy) =>
            clientLogos.map((logo) => (
              // Only the first copy is announced; the repeats exist for the loop alone.
              <Logo key={`${copy}-${logo.name}`} aria-hidden={copy > 0 ? true : undefined}>
                <img
                  src={imageUrl(logo.image.src)}
                  alt={copy > 0 ? '' : logo.image.alt}
                  width={logo.image.width}
                  height={logo.image.height}
                  loading="lazy"
                  decoding="async"
                />
              </Logo>
            )),
          )}
        </Track>
      </Viewport>
      <Controls>
        <ToggleButton type="button" onClick={() => setPaused((value) => !value)}>
          <Icon name={paused ? 'play' : 'pause'} size={18} />
          {paused ? playLabel : pauseLabel}
        </ToggleButton>
      </Controls>
    </Band>
  );
}
