export type StarFill = 'full' | 'half' | 'empty';

export const maxRating = 5;

/** A rating clamped to 0–5 and rounded to the nearest half star. */
export function normaliseRating(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(maxRating, Math.max(0, Math.round(rating * 2) / 2));
}

/** How each of the five stars is filled for a rating, e.g. 3.5 → full, full, full, half, empty. */
export function starFills(rating: number): StarFill[] {
  const value = normaliseRating(rating);
  return Array.from({ length: maxRating }, (_, index) => {
    if (value >= index + 1) return 'full';
    if (value >= index + 0.5) return 'half';
    return 'empty';
  });
}
