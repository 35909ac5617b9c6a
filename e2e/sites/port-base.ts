/** The environment topology.ts reads for a site on `portBase`: its shell, remotes and API ports derive from it. */
export const portBaseEnv = (portBase: number): NodeJS.ProcessEnv => ({ AGENCY_PORT_BASE: String(portBase) });
