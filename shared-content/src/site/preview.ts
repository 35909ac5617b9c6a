/**
 * The banner a browser in a preview sees on every page (the shell's PreviewBanner):
 * "Preview · This browser alone sees mf-portfolio <version> until 14:05. · Exit preview".
 */
export const previewBannerCopy = {
  label: 'Preview',
  seeing: 'This browser alone sees',
  /** pnpm dev <remote> --against: the remote comes from the team's own dev server. */
  fromDevServer: (origin: string) => `from ${origin}`,
  until: (time: string) => `until ${time}.`,
  exit: 'Exit preview',
} as const;
