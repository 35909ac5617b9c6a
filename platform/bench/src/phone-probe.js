// pnpm bench's phone profile: injected into every page before the page's own scripts (Playwright init script).
// Plain JavaScript read as text: scripts/ compiles without the DOM library, and a function passed from tsx
// would carry esbuild's __name helper, which does not exist in the page.
// Every time here is the page's own clock (ms since navigation start), so no figure includes CDP latency.
(() => {
  const state = {
    fcp: undefined,
    fetchStart: 0,
    /** largest-contentful-paint entries in order: the last one before the first input is the LCP. */
    lcp: [],
    firstInputAt: undefined,
    tapAt: undefined,
    drawerVisibleAt: undefined,
    /** When a filter chip tapped early (prepareFilterTap) shows its filter applied: pressed, status updated. */
    filteredAt: undefined,
    /** Main-thread tasks over 50 ms: a page busy running its code is not idle, whatever its network does. */
    longTasks: [],
  };

  const visible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility === 'visible';
  };
  const accessibleName = (element) => {
    const labelledBy = (element.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
    return element.getAttribute('aria-label') ?? (labelledBy || element.textContent || '');
  };
  // As e2e/pages/header.ts finds them (getByRole: visible elements only, name matched case-insensitively):
  // the header's menu button, and the dialog named "Menu".
  const menuButton = () => {
    const header = document.querySelector('[data-testid="site-header"]') ?? document.querySelector('header');
    const buttons = header ? [...header.querySelectorAll('button')] : [];
    return buttons.find((button) => /menu/i.test(accessibleName(button)) && visible(button));
  };
  const drawer = () =>
    [...document.querySelectorAll('[role="dialog"]')].find((element) =>
      /menu/i.test(accessibleName(element)),
    );
  const menuButtonCentre = () => {
    const button = menuButton();
    if (!button) return null;
    const box = button.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  };

  // A filter chip (a toggle button in the group named `group`) and the status line of its section.
  const chipOf = (group, name) => {
    const box = [...document.querySelectorAll('[role="group"]')].find(
      (element) => accessibleName(element) === group,
    );
    return box
      ? [...box.querySelectorAll('button')].find((button) => button.textContent.trim() === name)
      : undefined;
  };
  const filterApplied = (group, name) => {
    const chip = chipOf(group, name);
    const status = chip?.closest('section')?.querySelector('[role="status"]');
    return chip?.getAttribute('aria-pressed') === 'true' && (status?.textContent ?? '').includes(name);
  };
  /** What the first tap waits for: the menu drawer, unless prepareFilterTap chose a filter chip. */
  let watched = {
    seen: () => {
      const element = drawer();
      return Boolean(element && visible(element));
    },
    field: 'drawerVisibleAt',
  };

  // Checked on the frame after each DOM change: the time the result can first be seen, not when React decided.
  const watchDrawer = () => {
    let pending = false;
    const check = () => {
      pending = false;
      if (state[watched.field] !== undefined || !watched.seen()) return;
      state[watched.field] = performance.now();
      observer.disconnect();
    };
    const observer = new MutationObserver(() => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(check);
    });
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    pending = true;
    requestAnimationFrame(check);
  };

  const onInput = (event) => {
    if (state.firstInputAt === undefined) state.firstInputAt = event.timeStamp;
    if ((event.type === 'pointerdown' || event.type === 'touchstart') && state.tapAt === undefined) {
      state.tapAt = event.timeStamp;
      watchDrawer();
    }
  };
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll']) {
    addEventListener(type, onInput, { capture: true, passive: true });
  }

  new PerformanceObserver((list) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (!entry || state.fcp !== undefined) return;
    state.fcp = entry.startTime;
    state.fetchStart = performance.getEntriesByType('navigation')[0]?.fetchStart ?? 0;
    // Exposed by phone-run.ts (page.exposeBinding): the tap is timed from this report.
    window.__benchFcp?.({
      fcp: state.fcp,
      fetchStart: state.fetchStart,
      now: performance.now(),
      button: menuButtonCentre(),
    });
  }).observe({ type: 'paint', buffered: true });

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp.push({ startTime: entry.startTime, size: entry.size });
  }).observe({ type: 'largest-contentful-paint', buffered: true });

  if (PerformanceObserver.supportedEntryTypes.includes('longtask')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  }

  window.__benchProbe = {
    longTasks: () => [...state.longTasks],
    snapshot: () => ({ ...state, lcp: [...state.lcp] }),
    menuButtonCentre,
    /**
     * Makes the first tap a tap on the chip `name` of the filter group `group`: scrolls it into view (a scroll
     * is not reaching for a section) and returns its centre, or null while it is not in the page; the tap is
     * then timed to the frame showing the chip pressed and the section's status line naming it.
     */
    prepareFilterTap: (group, name) => {
      const chip = chipOf(group, name);
      if (!chip || !visible(chip)) return null;
      chip.scrollIntoView({ block: 'center', behavior: 'instant' });
      watched = { seen: () => filterApplied(group, name), field: 'filteredAt' };
      const box = chip.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    },
    /** One viewport down, instantly (not smooth); true once the bottom of the page is in view. */
    scrollStep: () => {
      scrollBy({ top: innerHeight, behavior: 'instant' });
      return scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
    },
  };
})();
