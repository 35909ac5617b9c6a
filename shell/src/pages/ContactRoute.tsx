import { routeSlots } from 'federation/route-slots';
import { loadedRuntimeConfig, loadRuntimeConfig } from '../config/runtime-config.ts';
import { RemoteSlot } from '../federation/RemoteSlot.tsx';

const resolveContactProps = async () => ({ runtimeConfig: await loadRuntimeConfig() });
const [contactSlot] = routeSlots.contact;

/** /contact: mf-contact's page, given this environment's API URL and EmailJS settings from runtime.json. */
export function ContactRoute() {
  // Prepared for the first render (prepare-route.ts), the config is passed as it is; otherwise it loads with the module.
  const runtimeConfig = loadedRuntimeConfig();
  return runtimeConfig ? (
    <RemoteSlot {...contactSlot} props={{ runtimeConfig }} />
  ) : (
    <RemoteSlot {...contactSlot} resolveProps={resolveContactProps} />
  );
}
