import { componentLoaders, declaredPropSets } from 'build-config/contract';
import { createRoot } from 'react-dom/client';
import { localRuntimeConfig } from 'shared-content/site';
import { RemoteShowcase } from 'shared-content/ui';
import { exposes } from './exposes.ts';

// Standalone, the forms talk to a locally running enquiry API (its origin comes from the topology at build time).
const runtimeConfig = localRuntimeConfig(process.env.LOCAL_API_ORIGIN);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <RemoteShowcase
      remoteName="mf_contact"
      modules={componentLoaders(exposes)}
      sampleProps={{ ...declaredPropSets(exposes), ContactPage: [{ runtimeConfig }] }}
    />,
  );
}
