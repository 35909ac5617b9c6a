/**
 * One change per scope at a time, and every change one after another. A request that would change a scope
 * claims it from the moment it is accepted (its upload included) until it has answered: a second one for the
 * same scope meanwhile is refused at once (409, naming who holds it since when) rather than queued behind a
 * release its author has not seen. Accepted changes then run through one queue, one at a time, so two teams
 * releasing at the same moment both succeed, one after the other, and no file lock is ever contended.
 */
import PQueue from 'p-queue';

export interface ScopeHolder {
  /** The key's name, or `automatic`. */
  by: string;
  /** What it is doing: release, canary, promote, abort, rollback, check. */
  what: string;
  since: Date;
}

export interface Claim {
  /** Runs a task after every change accepted before it. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Frees the scope (idempotent). */
  release(): void;
}

export class ChangeGate {
  readonly #holders = new Map<string, ScopeHolder>();
  readonly #queue = new PQueue({ concurrency: 1 });

  /** The scope's claim, or who holds it. */
  claim(scope: string, by: string, what: string, now = new Date()): Claim | { busy: ScopeHolder } {
    const holder = this.#holders.get(scope);
    if (holder) return { busy: holder };
    const mine: ScopeHolder = { by, what, since: now };
    this.#holders.set(scope, mine);
    return {
      run: (task) => this.#queue.add(task),
      release: () => {
        if (this.#holders.get(scope) === mine) this.#holders.delete(scope);
      },
    };
  }

  /** Whether any change is in flight (accepted and not yet answered). */
  get busy(): boolean {
    return this.#holders.size > 0;
  }

  holderOf(scope: string): ScopeHolder | undefined {
    return this.#holders.get(scope);
  }

  /** Resolves once every accepted change has run (the service waits for it before it stops). */
  idle(): Promise<void> {
    return this.#queue.onIdle();
  }
}
