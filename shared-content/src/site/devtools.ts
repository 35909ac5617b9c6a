/**
 * The in-page panel a team member opens in a browser holding a preview (the shell's DevtoolsPanel): what each
 * section of the page runs and why. Never shown to a visitor; its texts are here with the rest of the copy.
 */
export const devtoolsCopy = {
  /** The banner's button, and the panel's name. */
  open: 'Page devtools',
  close: 'Close devtools',
  /** The key combination that opens and closes it (also `?devtools` in the address). */
  keys: 'Alt+Shift+D',
  title: 'What this page runs',
  sections: 'Sections',
  columns: {
    section: 'Section',
    version: 'Version',
    state: 'State',
    why: 'Why',
    steps: 'Steps (ms after the page started)',
  },
  states: {
    static: 'static HTML',
    waiting: 'waiting',
    loading: 'loading',
    hydrated: 'hydrated',
    rendered: 'rendered',
    retrying: 'retrying',
    fallback: 'fallback',
  },
  /**
   * Why a section's code started loading, or why it shows its fallback, by the code the shell records
   * (shell/src/hydration/page-hydration.ts).
   */
  reasons: {
    'on-screen': 'on screen when the page opened',
    mounted: 'shown by a navigation in the page',
    'near-viewport': 'scrolled near the screen',
    interaction: 'the visitor reached for it',
    idle: 'the browser was idle',
    'with-others': 'loaded with the rest of its remote or of the page (a failure, a change of address)',
    network: 'its code could not be fetched',
    load: 'its code was refused or is missing',
    render: 'it threw while rendering',
  } as Record<string, string>,
  /** Why a section is static HTML: the route table says it needs no code. */
  staticWhy: 'needs no code: its HTML is kept and its remote is not fetched',
  waitingWhy:
    'waits until the visitor reaches for it, it is scrolled near the screen, or the browser is idle',
  shared: 'Shared singletons',
  sharedColumns: {
    name: 'Package',
    version: 'Version',
    from: 'Lent by',
    usedBy: 'Used by',
    required: 'Range',
  },
  sharedNotStarted:
    'The federation runtime has not started on this page: every section on it is static HTML or still waiting.',
  map: 'Remote map',
  mapColumns: {
    remote: 'Remote',
    version: 'Version',
    traffic: 'Traffic',
    source: 'Built from',
    manifest: 'Manifest',
  },
  yours: 'yours',
  defaultVersion: 'default',
  bucket: (bucket: number) => `This browser is in bucket ${bucket} of 0–99.`,
  mapUnavailable: 'The remote map could not be read.',
  /** Real visitors' Web Vitals per version (issue 44, item 3), from the enquiry API's reports. */
  vitals: {
    title: 'Web Vitals of these versions (p75 of visitors’ page loads, last 24 hours)',
    columns: { version: 'Version', route: 'Page', LCP: 'LCP', INP: 'INP', CLS: 'CLS' },
    loading: 'Asking the enquiry API for visitors’ figures…',
    none: 'No visitor has reported figures for these versions in the last 24 hours.',
    forbidden:
      'The enquiry API keeps visitors’ figures for the release tooling: see them with `pnpm release status <remote>`.',
    unreachable: 'The enquiry API could not be asked for visitors’ figures.',
    own: (figures: string) => `This page load so far: ${figures}.`,
    samples: (count: number) => `${count} ${count === 1 ? 'load' : 'loads'}`,
  },
  /** The switcher (issue 44, item 2): each remote of this browser's preview session, and what it may be on. */
  switcher: {
    title: 'Switch remotes',
    intro:
      'Only this browser changes: each switch asks the release service for a new signed session, which ends when the first of its preview links does. Exit preview returns to the live site.',
    loading: 'Reading what each remote may be switched to…',
    unavailable: (why: string) => `The release service could not be asked: ${why}`,
    remote: (remote: string) => `What ${remote} runs in this browser`,
    live: (version?: string) => (version ? `live (${version})` : 'live'),
    preview: 'preview',
    devServer: 'a dev server on this machine',
    devOrigin: (remote: string) => `Dev server of ${remote}`,
    apply: 'Switch',
    now: 'now',
    add: 'Add a preview link (another team’s)',
    addButton: 'Add to this session',
    working: 'Asking the release service…',
    until: (time: string) => `This session ends at ${time}.`,
  },
} as const;
