import { componentLoaders, declaredPropSets } from 'build-config/contract';
import { createRoot } from 'react-dom/client';
import { RemoteShowcase } from 'shared-content/ui';
import { exposes } from './exposes.ts';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <RemoteShowcase
      remoteName="mf_portfolio"
      modules={componentLoaders(exposes)}
      sampleProps={declaredPropSets(exposes)}
    />,
  );
