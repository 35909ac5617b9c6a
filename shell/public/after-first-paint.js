/*
 * Loaded by every prerendered page (scripts/lib/pages/defer-scripts.ts). The page's content is already in its
 * HTML; its scripts only make it interactive. So they start once that content is on screen, not before: this
 * reads the page's list of scripts and preloads (a JSON block, never executed) once the first content is shown,
 * then adds them within a few milliseconds, so they still download in parallel. Plain script: it runs before any
 * bundle does.
 */
(() => {
  const block = document.getElementById('deferred-scripts');
  if (!block) return;
  const plan = JSON.parse(block.textContent || '{}');
  const elementOf = {
    script: (src) => {
      const script = document.createElement('script');
      script.src = src;
      // Inserted scripts run as soon as they arrive; the entry is one script, so order is not at stake.
      return script;
    },
    preload: (hint) => {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.href = hint.href;
      link.as = hint.as;
      if (hint.crossorigin) link.crossOrigin = 'anonymous';
      if (hint.type) link.type = hint.type;
      return link;
    },
  };
  // The entry first: it is the file the others wait for.
  const requests = [
    ...(plan.scripts || []).map(elementOf.script),
    ...(plan.preload || []).map(elementOf.preload),
  ];
  // Every insertion starts a request, and a page has fifteen to twenty of them: in one task that is a long task
  // on a slow phone. So they go in a few at a time, a task each; the downloads still overlap.
  const perTask = 4;
  const start = (from = 0) => {
    const batch = document.createDocumentFragment();
    for (const element of requests.slice(from, from + perTask)) batch.appendChild(element);
    document.head.appendChild(batch);
    if (from + perTask < requests.length) setTimeout(() => start(from + perTask), 0);
  };
  // When the content is on screen, reported by the paint timing API: its first-contentful-paint entry carries
  // the moment the frame was shown, which comes later than the frame's rAF callbacks. Starting any earlier puts
  // script downloads in the way of the first paint on a slow link.
  const startSoon = () => setTimeout(() => start(), 0);
  const supported = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes;
  if (!supported?.includes('paint')) {
    requestAnimationFrame(startSoon);
    return;
  }
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(fallback);
    startSoon();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) startOnce();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A tab opened in the background paints nothing until it is shown; it still gets its scripts.
  const fallback = setTimeout(startOnce, 3000);
})();
