import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Retries a failed load of a remote's module, as a Module Federation runtime plugin: the runtime hands every
 * failed `loadRemote` to its `errorLoadRemote` hook, and what the hook returns is the load's result (the
 * runtime's own failover contract, as in module-federation/core's router-demo).
 *
 * Why not `@module-federation/retry-plugin`: it retries only the manifest request and the remote entry's
 * script, each on its own, with one delay and its own messages. The shell's policy is per load of a module
 * (manifest, entry, chunks and the expose's factory together), with a delay per try, a time limit per try, no
 * retry of a refusal that loading again cannot change (an incompatible or altered release), the remote
 * registered again between tries so the runtime really fetches again, and the error the slot names in its
 * fallback and the health beacon (not the plugin's "abandoned"). Its manifest `fetch` hook would also fetch
 * around the integrity plugin's checked fetch. And the registry offers it only in an older line than this
 * runtime. So this is a small plugin of our own on the same hook.
 *
 * A load that never settles never reaches a runtime hook, so the time limit cannot live in the runtime:
 * `load` starts the first try and cuts it off; a failure the runtime reports while `load` waits is taken over
 * by the hook, and the tries after it are made from the hook. A failure before the runtime ran (the remote
 * map) or a try cut off continues from `load` in the same way.
 */
export interface AttemptPolicy {
  readonly attempts: number;
  /** The wait after each failed try (none past the list's end). */
  readonly delaysMs: readonly number[];
  readonly attemptTimeoutMs: number;
}

/** What the plugin asks of the page around it. */
export interface RetryHost {
  /**
   * Runs before each try of a remote's module: it may throw (then that try failed), and it returns what
   * registers the remote again before the next try, should this one fail.
   */
  prepare(remote: string): Promise<() => void>;
  /** The error a failed try stands for (the cause the slot reports), and whether trying again can help. */
  judge(remote: string, error: unknown): { error: unknown; transient: boolean };
  /** The error for a try that did not finish within the policy's time. */
  timedOut(id: string, ms: number): Error;
  warn(message: string): void;
}

type Load = (id: string) => Promise<unknown>;

export interface RemoteRetry {
  /** Register it with the federation instance (registerPlugins). */
  readonly plugin: ModuleFederationRuntimePlugin;
  /**
   * Loads `id` ("remote/expose") with `loadRemote`, retrying as the policy says. `prepareFirst` replaces the
   * host's `prepare` for the first try (a visitor's Retry registers the remote anew first).
   */
  load(id: string, loadRemote: Load, prepareFirst?: () => Promise<() => void>): Promise<unknown>;
}

/** A first try that `load` is waiting for, until the hook takes it over or the time runs out. */
interface FirstTry {
  registerAgain: () => void;
  takeOver(): void;
}

const remoteOf = (id: string) => id.slice(0, id.indexOf('/'));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createRemoteRetry(policy: AttemptPolicy, host: RetryHost): RemoteRetry {
  /** First tries under way, per id, oldest first. */
  const firstTries = new Map<string, FirstTry[]>();
  /** Tries the retry itself made, per id: their failures come back to it, not to the hook. */
  const ownTries = new Map<string, number>();

  const count = (id: string, by: number) => {
    const next = (ownTries.get(id) ?? 0) + by;
    if (next === 0) ownTries.delete(id);
    else ownTries.set(id, next);
  };

  const forget = (id: string, first: FirstTry) => {
    const waiting = firstTries.get(id)?.filter((each) => each !== first) ?? [];
    if (waiting.length === 0) firstTries.delete(id);
    else firstTries.set(id, waiting);
  };

  /** A timer that rejects with the policy's timeout error unless cancelled first. */
  function deadline(id: string) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(host.timedOut(id, policy.attemptTimeoutMs)), policy.attemptTimeoutMs);
    });
    return { expired, cancel: () => clearTimeout(timer) };
  }

  function timed<T>(work: Promise<T>, id: string): Promise<T> {
    const { expired, cancel } = deadline(id);
    return Promise.race([work, expired]).finally(cancel);
  }

  /** The tries after try number `tried` failed with `failure`; resolves with a module or throws the last error. */
  async function retry(id: string, load: Load, failure: unknown, tried: number, registerAgain: () => void) {
    const remote = remoteOf(id);
    for (let tries = tried; ; tries += 1) {
      const { error, transient } = host.judge(remote, failure);
      if (!transient || tries >= policy.attempts) throw error;
      const delay = policy.delaysMs[tries - 1] ?? 0;
      host.warn(
        `[shell] ${id}: attempt ${tries} of ${policy.attempts} failed ` +
          `(${(error as Error).message}); retrying in ${delay} ms`,
      );
      await wait(delay);
      registerAgain();
      registerAgain = () => undefined;
      count(id, 1);
      try {
        registerAgain = await host.prepare(remote);
        return await timed(load(id), id);
      } catch (caught) {
        failure = caught;
      } finally {
        count(id, -1);
      }
    }
  }

  const plugin: ModuleFederationRuntimePlugin = {
    name: 'shell-remote-retry',
    errorLoadRemote({ id, error, lifecycle, origin }) {
      // Only a whole load (the runtime's inner stages report here too) that one `load` is waiting for: with two
      // loads of the same module under way, the hook cannot tell whose failure this is, and each goes on alone.
      const waiting = firstTries.get(id);
      const first = waiting?.length === 1 ? waiting[0] : undefined;
      if (lifecycle !== 'onLoad' || ownTries.has(id) || !first) return undefined;
      first.takeOver();
      return retry(id, (again) => origin.loadRemote(again), error, 1, first.registerAgain);
    },
  };

  async function load(id: string, loadRemote: Load, prepareFirst?: () => Promise<() => void>) {
    let registerAgain: () => void = () => undefined;
    let takenOver = false;
    let first: FirstTry | undefined;
    try {
      registerAgain = await (prepareFirst ?? (() => host.prepare(remoteOf(id))))();
      const { expired, cancel } = deadline(id);
      const current: FirstTry = {
        registerAgain,
        takeOver() {
          takenOver = true;
          cancel();
          forget(id, current);
        },
      };
      first = current;
      firstTries.set(id, [...(firstTries.get(id) ?? []), current]);
      return await Promise.race([loadRemote(id), expired]).finally(cancel);
    } catch (failure) {
      // Taken over: the hook made every later try, and this is its last word.
      if (takenOver) throw failure;
      return retry(id, loadRemote, failure, 1, registerAgain);
    } finally {
      if (first) forget(id, first);
    }
  }

  return { plugin, load };
}
