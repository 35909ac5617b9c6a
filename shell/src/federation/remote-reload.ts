import type { RemoteName } from 'federation/remotes';

/**
 * Everything the shell keeps about reloading one remote, in one object (remote-registry.ts holds one per
 * remote):
 * - the generation: registering a remote again with `force` drops the runtime's cached (failed) manifest and
 *   entry, so the next load really fetches again. Several slots of one remote fail together; the generation
 *   lets only the first of them register again, so a second registration never pulls the rug from under a
 *   load already retrying;
 * - the visitor's Retry rounds: a Retry is a round for the whole remote (every failed slot of it loads again,
 *   one button brings back all its sections), and the remote is registered again once per round, not once
 *   per slot;
 * - the manifest URL it was last registered with: another one means another version, whose registration
 *   tells the caller to clear what the earlier version left behind.
 */
export class RemoteReload {
  #generation = 0;
  #round = 0;
  #registeredInRound: number | undefined;
  #entry: string | undefined;
  readonly #listeners = new Set<() => void>();
  readonly #register: (entry: string, anotherVersion: boolean) => void;
  readonly remote: RemoteName;

  /** `register` registers the remote with the runtime; `anotherVersion` says the entry changed since. */
  constructor(remote: RemoteName, register: (entry: string, anotherVersion: boolean) => void) {
    this.remote = remote;
    this.#register = register;
  }

  get generation(): number {
    return this.#generation;
  }

  /** The map the page started with registered the remote at this entry. */
  registeredAt(entry: string) {
    this.#entry = entry;
  }

  /** Calls `listener` on every Retry of this remote; returns the unsubscribe. */
  onRetry(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A visitor asked for this remote again: a new round, and every failed slot of it loads again. */
  requestRetry() {
    this.startRound();
    for (const listener of [...this.#listeners]) listener();
  }

  /**
   * A new round without a visitor: the background retry of the prerendered sections waiting for this remote's
   * code (background-retry.ts). Their loads register the remote again once in it, as a Retry's do.
   */
  startRound() {
    this.#round += 1;
  }

  /** Registers the remote again for a visitor's Retry, once per round. */
  registerForRetry(entry: string) {
    if (this.#registeredInRound === this.#round && this.#round > 0) return;
    this.#registeredInRound = this.#round;
    this.registerAgain(entry);
  }

  /** Registers the remote again, unless `ifStillAt` is given and another slot has done so since. */
  registerAgain(entry: string, ifStillAt?: number) {
    if (ifStillAt !== undefined && this.#generation !== ifStillAt) return;
    this.#generation += 1;
    const anotherVersion = this.#entry !== entry;
    this.#entry = entry;
    this.#register(entry, anotherVersion);
  }
}
