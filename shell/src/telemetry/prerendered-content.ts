/**
 * Whether React kept a prerendered slot's HTML when it hydrated it. React hydrates a slot's Suspense boundary
 * by adopting the server's nodes; when what the client renders differs (a hydration mismatch), it throws the
 * boundary's HTML away and renders it on the client instead. So: remember the slot's first prerendered element
 * while the slot is still dehydrated, and once the slot is live, that element is still in the slot if React
 * adopted it, and gone if React replaced it.
 *
 * Returns the check to run once the slot's content is live: true when the prerendered HTML was thrown away.
 * A slot with no prerendered element never reports a mismatch.
 */
export function watchPrerenderedContent(slot: Element): () => boolean {
  const prerendered = slot.firstElementChild;
  return () => prerendered !== null && !slot.contains(prerendered);
}
