/**
 * The remote health store as the API runs it (real SQLite, the beacon's visitor worked out from an address),
 * for the release tooling's tests that judge canaries across days: they move the store's clock, which a running
 * API's process cannot have moved.
 */

export { openDatabase } from '../src/store/database.ts';
export { RemoteHealthStore } from '../src/store/remote-health-store.ts';
export { visitorOf } from '../src/store/visitor.ts';
