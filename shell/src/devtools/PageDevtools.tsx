import { DevtoolsPanel } from './DevtoolsPanel.tsx';
import type { PageHandle } from './page-handle.ts';
import { SessionSwitch } from './SessionSwitcher.tsx';
import { usePageReport } from './use-page-report.ts';

/**
 * The panel with this page's report: the chunk the preview banner loads when a team member opens it
 * (PreviewBanner.tsx), so neither its code nor its copy reaches a browser that is not in a preview. The
 * switcher (SessionSwitcher.tsx) turns this browser's preview into a session of several remotes.
 */
export function PageDevtools({ page, onClose }: { page: PageHandle; onClose: () => void }) {
  return (
    <DevtoolsPanel report={usePageReport(page)} onClose={onClose}>
      <SessionSwitch />
    </DevtoolsPanel>
  );
}
