/**
 * Test-only (imported by tests, never by the site): what in a rendered component tree needs its code in the
 * browser. A slot declared static (no `needsCode` in the route table) keeps its prerendered HTML and never
 * loads its remote's code, so anything found here would silently stop working on such a slot.
 *
 * React offers no public API to inspect a committed tree, so this reads its fibers. The fields used (tag,
 * type, elementType, memoizedState, memoizedProps, ref, child, sibling, return, _debugOwner) and the hook and
 * effect records are React's internals as of React 19; code-needs.test.tsx pins each kind of finding, so a
 * React upgrade that changes them fails there first.
 */
import { Link } from 'site-router';

/** One thing in the tree that does nothing without its code. */
export interface CodeNeed {
  /** The component whose code it is (displayName or name). */
  component: string;
  /** A hook ("useState"), "class component", or a host prop ("onClick on <button>"). */
  kind: string;
}

export const describeCodeNeed = ({ component, kind }: CodeNeed): string => `${kind} in ${component}`;

interface Hook {
  memoizedState: unknown;
  queue: Record<string, unknown> | null;
  next: Hook | null;
}

interface Fiber {
  tag: number;
  type: unknown;
  elementType: unknown;
  memoizedState: unknown;
  memoizedProps: Record<string, unknown> | null;
  ref: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  return: Fiber | null;
  stateNode: unknown;
  /** The component that created this fiber's element (development builds only). */
  _debugOwner?: Fiber | null;
}

// React's work tags (ReactWorkTags.js), unchanged since React 16 for the component kinds; 26 and 27 are
// React 19's hoistable and singleton host elements.
const tags = {
  function: 0,
  class: 1,
  host: 5,
  forwardRef: 11,
  suspense: 13,
  simpleMemo: 15,
  hostHoistable: 26,
  hostSingleton: 27,
} as const;
const hookTags: readonly number[] = [tags.function, tags.forwardRef, tags.simpleMemo];
const hostTags: readonly number[] = [tags.host, tags.hostHoistable, tags.hostSingleton];

// An effect's HookFlags (ReactHookEffectTags.js).
const insertionEffect = 2;
const layoutEffect = 4;

function nameOf(type: unknown): string | undefined {
  if (typeof type === 'function') {
    const component = type as { displayName?: string; name?: string };
    return component.displayName || component.name || undefined;
  }
  if (typeof type === 'object' && type !== null) {
    // forwardRef and memo objects: their own displayName, else the function they wrap.
    const wrapper = type as { displayName?: string; render?: unknown; type?: unknown };
    return wrapper.displayName || nameOf(wrapper.render ?? wrapper.type);
  }
  return undefined;
}

const componentName = (fiber: Fiber) => nameOf(fiber.elementType) ?? nameOf(fiber.type) ?? 'Anonymous';

const isComponentFiber = (fiber: Fiber) => fiber.tag === tags.class || hookTags.includes(fiber.tag);

const ownerOf = (fiber: Fiber) => (fiber._debugOwner === undefined ? fiber.return : fiber._debugOwner);

/**
 * The component that wrote an element: its owner (kept by React's development build), past emotion's styled
 * wrappers (they only forward their props, so a handler on them was written by the component that used them).
 * Without owners (a production build of React) the nearest component above it stands in.
 */
function ownerName(fiber: Fiber): string {
  for (let above = ownerOf(fiber); above; above = ownerOf(above)) {
    if (!isComponentFiber(above)) continue;
    const name = componentName(above);
    if (!name.startsWith('Styled(')) return name;
  }
  return 'the rendered tree';
}

/** Which state hook owns a queue, from what React keeps on it (its reducer's name in a development build). */
function stateHookKind(queue: Record<string, unknown>): string {
  if ('getSnapshot' in queue) return 'useSyncExternalStore';
  const reducer = queue.lastRenderedReducer as { name?: string } | null | undefined;
  if (reducer?.name === 'basicStateReducer') return 'useState';
  if (reducer?.name === 'actionStateReducer' || 'action' in queue) return 'useActionState';
  if (reducer === null) return 'useOptimistic';
  return 'useReducer';
}

interface EffectRecord {
  tag: number;
  create: unknown;
}

const isEffect = (value: unknown): value is EffectRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EffectRecord).tag === 'number' &&
  typeof (value as EffectRecord).create === 'function' &&
  'deps' in value;

/** The hooks of a function component that need code: state (a hook with an update queue) and effects. */
function hookNeeds(fiber: Fiber): string[] {
  const kinds: string[] = [];
  for (let hook = fiber.memoizedState as Hook | null; hook; hook = hook.next) {
    if (hook.queue) {
      kinds.push(stateHookKind(hook.queue));
      // useSyncExternalStore's own subscription is the hook after it: the store already names it.
      if ('getSnapshot' in hook.queue) hook = hook.next ?? hook;
      continue;
    }
    const effect = hook.memoizedState;
    // Insertion effects only insert styles (emotion's styled), which the prerendered page already holds.
    if (isEffect(effect) && (effect.tag & insertionEffect) === 0) {
      kinds.push((effect.tag & layoutEffect) !== 0 ? 'useLayoutEffect' : 'useEffect');
    }
  }
  return kinds;
}

const isLink = (fiber: Fiber | null) => fiber?.elementType === Link;

/**
 * A host element's props that run code: event handlers, form actions and ref callbacks. The anchor a Link
 * renders is the exception: its click handler and ref only do what the shell does for a static slot's links
 * (navigate in the router), so a Link is code-free unless it was given its own handler.
 */
function hostNeeds(fiber: Fiber): string[] {
  const props = fiber.memoizedProps ?? {};
  const byLink = isLink(fiber.return);
  const element = `<${String(fiber.type)}>`;
  const kinds = Object.entries(props)
    .filter(([name, value]) => typeof value === 'function' && /^(on[A-Z]|action$|formAction$)/.test(name))
    .filter(([name]) => !(byLink && name === 'onClick'))
    .map(([name]) => `${name} on ${element}`);
  if (typeof fiber.ref === 'function' && !byLink) kinds.push(`ref callback on ${element}`);
  return kinds;
}

function needsOf(fiber: Fiber): CodeNeed[] {
  if (fiber.tag === tags.suspense && fiber.memoizedState !== null) {
    throw new Error(`${ownerName(fiber)} is still suspended: await its content before checking it`);
  }
  let kinds: string[] = [];
  let component = componentName(fiber);
  if (fiber.tag === tags.class) kinds = ['class component'];
  else if (isLink(fiber)) {
    // Link's own hooks (prefetching, navigating) are what the shell replaces; a handler given to it is not.
    if (typeof fiber.memoizedProps?.onClick === 'function') kinds = ['onClick on Link'];
    component = ownerName(fiber);
  } else if (hookTags.includes(fiber.tag)) kinds = hookNeeds(fiber);
  else if (hostTags.includes(fiber.tag)) {
    kinds = hostNeeds(fiber);
    component = ownerName(fiber);
  }
  return kinds.map((kind) => ({ component, kind }));
}

function* subtree(top: Fiber): Generator<Fiber> {
  yield top;
  for (let child = top.child; child; child = child.sibling) yield* subtree(child);
}

/** The committed tree of the React root rendered into `container`. */
function committedRoot(container: Element): Fiber {
  const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'));
  if (!key) throw new Error('nothing was rendered into this container by react-dom');
  // The container keeps the root's first fiber; its FiberRoot (stateNode) points at the committed one.
  const first = (container as unknown as Record<string, Fiber>)[key] as Fiber;
  return (first.stateNode as { current: Fiber }).current;
}

/**
 * Everything that needs code in the tree `component` rendered inside `container` (the providers around it are
 * not looked at), each kind once per component.
 */
export function findCodeNeeds(container: Element, component: unknown): CodeNeed[] {
  const top = [...subtree(committedRoot(container))].find((fiber) => fiber.elementType === component);
  if (!top) throw new Error(`${nameOf(component) ?? 'the component'} is not rendered in this container`);
  const seen = new Set<string>();
  return [...subtree(top)]
    .flatMap(needsOf)
    .filter((need) => !seen.has(describeCodeNeed(need)) && seen.add(describeCodeNeed(need)));
}
