/**
 * One change per scope at a time, and every change one after another. A request claims its scope only once it
 * has been read and checked (an upload to its last byte, streamed to scratch and verified: a slow or stalled
 * client holds nothing) until it has answered: a second one for the same scope meanwhile is refused at once (409,
 * naming who holds it since when) rather than queued behind a release its author has not seen. Accepted changes
 * then run through one queue, one at a time, so two teams releasing at the same moment both succeed, one after
 * the other, and no file lock is ever contended.
 *
 * A rollback or an abort (the operator's, or the canary check's automatic one) goes ahead of any other change of
 * its scope: one still waiting its turn yields (its run rejects with ChangeYielded, nothing changed), one already
 * running is waited for (each is bounded), and it runs before every other change waiting in the queue.
 */
import PQueue from 'p-queue';

export interface ScopeHolder {
  /** The key's name, or `automatic`. */
  by: string;
  /** What it is doing: release, canary, promote, abort, rollback, check. */
  what: string;
  since: Date;
}

/** Why a change that was waiting its turn did not run: a rollback or an abort of its scope went ahead of it. */
export class ChangeYielded extends Error {
  constructor(readonly to: ScopeHolder) {
    super(`yielded to a ${to.what} by ${to.by}`);
    this.name = 'ChangeYielded';
  }
}

interface Hold extends ScopeHolder {
  /** A rollback or an abort: goes ahead of the others. */
  ahead: boolean;
  started: boolean;
  yieldedTo?: ScopeHolder;
}

const publicOf = ({ by, what, since }: Hold): ScopeHolder => ({ by, what, since });

export interface Claim {
  /** Runs a task after every change accepted before it. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Frees the scope (idempotent). */
  release(): void;
}

export class ChangeGate {
  readonly #holders = new Map<string, Hold>();
  readonly #queue = new PQueue({ concurrency: 1 });
  #whenFree: Array<() => void> = [];
  readonly #scopeFree = new Map<string, Array<() => void>>();
  #closedAt: Date | undefined;

  /**
   * The scope's claim, or who holds it. With `ahead` (a rollback, an abort) it is busy only while another
   * rollback or abort holds the scope; any other holder yields (not started yet) or is waited for (running).
   */
  claim(
    scope: string,
    by: string,
    what: string,
    now = new Date(),
    options: { ahead?: boolean } = {},
  ): Claim | { busy: ScopeHolder } {
    if (this.#closedAt) return { busy: { by: 'host', what: 'stop', since: this.#closedAt } };
    const ahead = options.ahead === true;
    const holder = this.#holders.get(scope);
    if (holder && (!ahead || holder.ahead)) return { busy: publicOf(holder) };
    const mine: Hold = { by, what, since: now, ahead, started: false };
    if (holder && !holder.started) holder.yieldedTo = publicOf(mine);
    this.#holders.set(scope, mine);
    return {
      run: (task) =>
        this.#queue.add(
          () => {
            if (mine.yieldedTo) throw new ChangeYielded(mine.yieldedTo);
            mine.started = true;
            return task();
          },
          { priority: ahead ? 1 : 0 },
        ),
      release: () => {
        if (this.#holders.get(scope) !== mine) return;
        this.#holders.delete(scope);
        for (const resolve of this.#scopeFree.get(scope)?.splice(0) ?? []) resolve();
        if (this.#holders.size > 0) return;
        for (const resolve of this.#whenFree.splice(0)) resolve();
      },
    };
  }

  /** The service is stopping: every claim from now on is refused as busy with a `stop` by `host`. */
  close(now = new Date()) {
    this.#closedAt ??= now;
  }

  /** Resolves once nothing holds the scope (at once when nothing does). */
  async scopeFree(scope: string): Promise<void> {
    if (!this.#holders.has(scope)) return;
    await new Promise<void>((resolve) => {
      const waiting = this.#scopeFree.get(scope) ?? [];
      waiting.push(resolve);
      this.#scopeFree.set(scope, waiting);
    });
  }

  /** Whether any change is in flight (accepted and not yet answered). */
  get busy(): boolean {
    return this.#holders.size > 0;
  }

  holderOf(scope: string): ScopeHolder | undefined {
    const holder = this.#holders.get(scope);
    return holder && publicOf(holder);
  }

  /** Resolves once no change is under way: every one accepted has answered. */
  async idle(): Promise<void> {
    if (this.#holders.size > 0) await new Promise<void>((resolve) => this.#whenFree.push(resolve));
    await this.#queue.onIdle();
  }
}
