import { loadRuntimeConfig } from '../config/runtime-config.ts';
import { RemoteSlot } from '../federation/RemoteSlot.tsx';

const resolveContactProps = async () => ({ runtimeConfig: await loadRuntimeConfig() });

/** /contact: mf-contact's page, given this environment's API URL and EmailJS settings from runtime.json. */
export function ContactRoute() {
  return (
    <RemoteSlot
      remote="mf_contact"
      module="ContactPage"
      tone="dark"
      resolveProps={resolveContactProps}
      reserve={{ base: 2400, md: 1800 }}
    />
  );
}
