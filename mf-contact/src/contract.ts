/**
 * mf_contact's contract with the shell: the exposed names and the props of each exposed component.
 */
import type { ComponentType } from 'react';
import type { RuntimeConfig } from 'shared-content/site';

export interface ContactPageProps {
  /** Run-time configuration (API URL, EmailJS settings), read by the shell from runtime.json. */
  runtimeConfig: RuntimeConfig;
}

export interface ContactContract {
  ContactPage: ComponentType<ContactPageProps>;
}

export const exposeNames = ['ContactPage'] as const satisfies readonly (keyof ContactContract)[];
