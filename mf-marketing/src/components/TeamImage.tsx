import { aboutCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { imageUrl } from '../assets/images.ts';

const Figure = styled.figure(({ theme }) => ({
  position: 'relative',
  margin: 0,
  marginInline: 'auto',
  // A definite width: centred by auto margins, the figure would otherwise shrink to the not-yet-loaded image.
  width: '100%',
  maxWidth: aboutCopy.image.width,
  paddingBottom: theme.space[6],
  '& img': { width: '100%', borderRadius: theme.radii.xl, boxShadow: theme.shadows.lg },
}));

const Badge = styled.p(({ theme }) => ({
  position: 'absolute',
  display: 'flex',
  flexDirection: 'column',
  padding: `${theme.space[3]} ${theme.space[5]}`,
  borderRadius: theme.radii.lg,
  boxShadow: theme.shadows.lg,
  lineHeight: theme.font.lineHeight.snug,
  '& strong': { fontSize: theme.font.size['3xl'], fontWeight: theme.font.weight.extrabold },
  '& span': { fontSize: theme.font.size.sm, fontWeight: theme.font.weight.semibold },
}));

const TeamBadge = styled(Badge)(({ theme }) => ({
  left: theme.space[4],
  bottom: 0,
  background: theme.color.bg.page,
  color: theme.color.fg.default,
  '& strong': { color: theme.color.fg.brand },
  '& span': { color: theme.color.fg.muted },
}));

const SatisfactionBadge = styled(Badge)(({ theme }) => ({
  right: theme.space[4],
  top: `-${theme.space[4]}`,
  background: theme.color.bg.accent,
  color: theme.color.fg.onAccent,
}));

/** The team illustration with the spec's two badges (10+ and 100%) laid over its corners. */
export function TeamImage() {
  const { image, badges } = aboutCopy;
  const [team, satisfaction] = badges;
  return (
    <Figure>
      <img
        src={imageUrl(image.src)}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
      />
      <TeamBadge>
        <strong>{team.value}</strong>
        <span>{team.label}</span>
      </TeamBadge>
      <SatisfactionBadge>
        <strong>{satisfaction.value}</strong>
        <span>{satisfaction.label}</span>
      </SatisfactionBadge>
    </Figure>
  );
}
