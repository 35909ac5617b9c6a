import { createRoot } from 'react-dom/client';
import { RemoteShowcase } from 'shared-content/ui';
import { exposedModules } from './exposed-modules.ts';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <RemoteShowcase
      remoteName="mf_portfolio"
      modules={exposedModules}
      sampleProps={{ PortfolioSection: { context: 'page' } }}
    />,
  );
