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
  #whenFree: Array<() => void> = [];

  /** The scope's claim, or who holds it. */
  claim(scope: string, by: string, what: string, now = new Date()): Claim | { busy: ScopeHolder } {
    const holder = this.#holders.get(scope);
    if (holder) return { busy: holder };
    const mine: ScopeHolder = { by, what, since: now };
    this.#holders.set(scope, mine);
    return {
      run: (task) => this.#queue.add(task),
      release: () => {
        if (this.#holders.get(scope) !== mine) return;
        this.#holders.delete(scope);
        if (this.#holders.size > 0) return;
        for (const resolve of this.#whenFree.splice(0)) resolve();
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

  /** Resolves once no change is under way: every one accepted has answered, its upload included. */
  async idle(): Promise<void> {
    if (this.#holders.size > 0) await new Promise<void>((resolve) => this.#whenFree.push(resolve));
    await this.#queue.onIdle();
  }
}
