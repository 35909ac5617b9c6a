/**
 * Cuts a text to `limit` characters and adds an ellipsis; texts within the limit are returned untouched.
 * Counts Unicode code points, so an emoji or other astral character is never split in half.
 */
export function truncateText(text: string, limit: number, ellipsis = '…'): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join('')}${ellipsis}`;
}
