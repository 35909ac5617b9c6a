import { loadRuntimeConfig } from '../config/runtime-config.ts';
import { RemoteSlot } from '../federation/RemoteSlot.tsx';
import { routeSlots } from '../routing/route-slots.ts';

const resolveContactProps = async () => ({ runtimeConfig: await loadRuntimeConfig() });
const [contactSlot] = routeSlots.contact;

/** /contact: mf-contact's page, given this environment's API URL and EmailJS settings from runtime.json. */
export function ContactRoute() {
  return <RemoteSlot {...contactSlot} resolveProps={resolveContactProps} />;
}
