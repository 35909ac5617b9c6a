/** The FAQ accordion (spec section 4): nothing open, or exactly one item open. */
export type OpenItem = number | null;

export const nothingOpen: OpenItem = null;

/** Clicking an item opens it and closes any other; clicking the open item closes it. */
export function toggleItem(open: OpenItem, index: number): OpenItem {
  return open === index ? null : index;
}
