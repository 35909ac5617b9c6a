/**
 * The banner a browser in a preview sees on every page (the shell's PreviewBanner):
 * "Preview · This browser alone sees mf-portfolio <version> until 14:05. Built from 3f2a9c1d0b7e on main by Jane
 * Doe. · Exit preview".
 */
export const previewBannerCopy = {
  label: 'Preview',
  seeing: 'This browser alone sees',
  /** pnpm dev <remote> --against: the remote comes from the team's own dev server. */
  fromDevServer: (origin: string) => `from ${origin}`,
  until: (time: string) => `until ${time}.`,
  /** Where the version came from: its commit, branch or tag and who released it (issue 41). */
  builtFrom: (source: string) => `Built from ${source}.`,
  exit: 'Exit preview',
} as const;
