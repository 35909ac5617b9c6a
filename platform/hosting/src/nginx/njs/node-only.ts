/** Stands in for node:module and node:path inside the njs bundle (bundle.ts): nothing there calls them. */
const unavailable = (name: string) => () => {
  throw new Error(`${name} is not available in nginx's njs module`);
};

export const createRequire = unavailable('createRequire');
export const join = unavailable('join');
