/*
 * Loaded by every prerendered page (scripts/lib/pages/defer-scripts.ts). The page's content is already in its
 * HTML; its scripts only make it interactive. So they start once that content is on screen, not before: this
 * reads the page's list of scripts and preloads (a JSON block, never executed) after the first frame, then adds
 * them all at once, so they still download in parallel. Plain script: it runs before any bundle does.
 */
(() => {
  const block = document.getElementById('deferred-scripts');
  if (!block) return;
  const plan = JSON.parse(block.textContent || '{}');
  const start = () => {
    // Built apart and added in one go: one change to the head, not one per file.
    const batch = document.createDocumentFragment();
    for (const hint of plan.preload || []) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.href = hint.href;
      link.as = hint.as;
      if (hint.crossorigin) link.crossOrigin = 'anonymous';
      if (hint.type) link.type = hint.type;
      batch.appendChild(link);
    }
    for (const src of plan.scripts || []) {
      const script = document.createElement('script');
      script.src = src;
      // Inserted scripts run as soon as they arrive; the entry is one script, so order is not at stake.
      batch.appendChild(script);
    }
    document.head.appendChild(batch);
  };
  // The frame after the first one: the prerendered content has been painted by then.
  requestAnimationFrame(() => setTimeout(start, 0));
})();
