// @vitest-environment jsdom
// The checker reads React's committed tree in a DOM; the rest of build-config's tests run in Node.
import styled from '@emotion/styled';
import { cleanup, render } from '@testing-library/react';
import {
  Component,
  type ComponentType,
  lazy,
  Suspense,
  useEffect,
  useInsertionEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
} from 'react';
import { Link } from 'site-router';
import { afterEach, describe, expect, it } from 'vitest';
import { describeCodeNeed, findCodeNeeds } from './code-needs.ts';
import { renderWithProviders } from './render.tsx';

afterEach(() => cleanup());

function needsOf(component: ComponentType) {
  const Rendered = component;
  const { container } = renderWithProviders(<Rendered />);
  return findCodeNeeds(container, component).map(describeCodeNeed);
}

function Counter() {
  const [count] = useState(0);
  return <p>{count}</p>;
}

function Tally() {
  const [total] = useReducer((sum: number, add: number) => sum + add, 0);
  return <p>{total}</p>;
}

function Ticker() {
  useEffect(() => undefined, []);
  return <p>tick</p>;
}

function Measure() {
  useLayoutEffect(() => undefined, []);
  return <p>measured</p>;
}

const neverChanges = () => () => undefined;
function OnlineBadge() {
  const online = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  return <p>{online ? 'online' : 'offline'}</p>;
}

function Pending() {
  const [pending] = useTransition();
  return <p>{pending ? 'pending' : 'idle'}</p>;
}

function PauseButton() {
  return (
    <button type="button" onClick={() => undefined}>
      Pause
    </button>
  );
}

class Toggle extends Component {
  override render() {
    return <p>toggle</p>;
  }
}

const Heading = styled.h2`
  color: rebeccapurple;
`;
const StyledButton = styled.button`
  color: rebeccapurple;
`;

function StyledPause() {
  return (
    <StyledButton type="button" onClick={() => undefined}>
      Pause
    </StyledButton>
  );
}

function TrackedLink() {
  return (
    <Link to="/contact" onClick={() => undefined}>
      Contact
    </Link>
  );
}

function TrackedAnchor() {
  return (
    <a href="/contact" onClick={() => undefined}>
      Contact
    </a>
  );
}

function Measured() {
  return <div ref={() => undefined}>measured</div>;
}

function QuietRef() {
  const ref = useRef<HTMLDivElement>(null);
  return <div ref={ref}>kept</div>;
}

function InlineStyles() {
  useInsertionEffect(() => undefined, []);
  return <p>styles</p>;
}

function Section() {
  return (
    <section>
      <Heading>Our work</Heading>
      <p>
        Plain markup, <Link to="/portfolio">a link</Link> and <a href="#process">an anchor</a>.
      </p>
      <QuietRef />
      <InlineStyles />
    </section>
  );
}

function Page({ children }: { children?: React.ReactNode }) {
  return <main>{children}</main>;
}

describe('findCodeNeeds', () => {
  it.each([
    ['useState in Counter', Counter],
    ['useReducer in Tally', Tally],
    ['useEffect in Ticker', Ticker],
    ['useLayoutEffect in Measure', Measure],
    ['useSyncExternalStore in OnlineBadge', OnlineBadge],
    ['useState in Pending', Pending],
    ['onClick on <button> in PauseButton', PauseButton],
    ['class component in Toggle', Toggle],
    ['onClick on <button> in StyledPause', StyledPause],
    ['onClick on Link in TrackedLink', TrackedLink],
    ['onClick on <a> in TrackedAnchor', TrackedAnchor],
    ['ref callback on <div> in Measured', Measured],
  ] as const)('finds %s', (finding, component) => {
    expect(needsOf(component)).toEqual([finding]);
  });

  it('passes markup, a Link, an in-page anchor, a styled component, an object ref, an insertion effect', () => {
    expect(needsOf(Section)).toEqual([]);
  });

  it('finds what a child needs, named by the child, each kind once per component', () => {
    function Twice() {
      const [first] = useState(1);
      const [second] = useState(2);
      return <p>{first + second}</p>;
    }
    function Both() {
      return (
        <Page>
          <Twice />
          <PauseButton />
          <Section />
        </Page>
      );
    }
    expect(needsOf(Both)).toEqual(['useState in Twice', 'onClick on <button> in PauseButton']);
  });

  it('names the component that wrote a handler, not the one it was passed into as children', () => {
    function Carousel() {
      return (
        <Page>
          <button type="button" onClick={() => undefined}>
            Pause
          </button>
        </Page>
      );
    }
    expect(needsOf(Carousel)).toEqual(['onClick on <button> in Carousel']);
  });

  it('looks only at the component, not at the providers around it', () => {
    // The MemoryRouter around every rendered component holds state and effects of its own.
    expect(needsOf(Page)).toEqual([]);
  });

  it('refuses a tree that is still suspended, since what it would show is not there to check', () => {
    const Later = lazy(() => new Promise<{ default: ComponentType }>(() => undefined));
    function Waiting() {
      return (
        <Suspense fallback={<p>loading</p>}>
          <Later />
        </Suspense>
      );
    }
    expect(() => needsOf(Waiting)).toThrow('Waiting is still suspended');
  });

  it('says when the component is not in the container', () => {
    const { container } = render(<p>something else</p>);
    expect(() => findCodeNeeds(container, Counter)).toThrow('Counter is not rendered in this container');
  });
});
