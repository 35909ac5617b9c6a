import { type ReactNode, useEffect, useRef } from 'react';
import { devtoolsCopy } from 'shared-content/site/devtools';
import { styled } from 'shared-content/styling';
import type { SlotRow } from './page-report.ts';
import type { PageReport } from './use-page-report.ts';
import type { MetricFigure, VersionVitals } from './version-vitals.ts';

// Between the header and the preview banner at the foot of the screen, over the page; scrolls inside itself.
const Panel = styled.section(({ theme }) => ({
  position: 'fixed',
  insetInline: theme.space[2],
  top: `${theme.layout.headerHeight + 8}px`,
  bottom: '11rem',
  zIndex: theme.zIndex.header + 1,
  overflow: 'auto',
  padding: theme.space[4],
  borderRadius: theme.radii.md,
  background: theme.color.bg.page,
  color: theme.color.fg.default,
  boxShadow: theme.shadows.lg,
  fontSize: theme.font.size.sm,
  lineHeight: theme.font.lineHeight.snug,
  [theme.mq.md]: {
    insetInline: 'auto',
    right: theme.space[4],
    bottom: '6rem',
    width: 'min(60rem, calc(100vw - 2rem))',
  },
}));

const Header = styled.div({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '1rem',
});

// Focused by the panel when it opens, as a place to start reading from, not as a control: no focus ring.
const Title = styled.h2(({ theme }) => ({
  margin: 0,
  fontSize: theme.font.size.lg,
  '&:focus': { outline: 'none' },
}));

const Close = styled.button(({ theme }) => ({
  padding: `${theme.space[2]} ${theme.space[3]}`,
  borderRadius: theme.radii.full,
  border: `1px solid ${theme.color.border.default}`,
  background: theme.color.bg.page,
  color: theme.color.fg.default,
  font: 'inherit',
  cursor: 'pointer',
  '&:focus-visible': { outline: `2px solid ${theme.color.border.focus}`, outlineOffset: '2px' },
}));

const Table = styled.table(({ theme }) => ({
  width: '100%',
  marginTop: theme.space[4],
  borderCollapse: 'collapse',
  'caption, th': { textAlign: 'start' },
  caption: { fontWeight: theme.font.weight.bold, paddingBottom: theme.space[1] },
  'th, td': {
    padding: `${theme.space[1]} ${theme.space[2]}`,
    borderBottom: `1px solid ${theme.color.border.default}`,
    verticalAlign: 'top',
  },
}));

const Mono = styled.code(({ theme }) => ({ fontFamily: theme.font.family.mono, whiteSpace: 'nowrap' }));

// Steps read as one line each; on a phone the panel scrolls sideways rather than break them.
const NoWrap = styled.td({ whiteSpace: 'nowrap' });

const Note = styled.p(({ theme }) => ({ margin: `${theme.space[3]} 0 0` }));

const ms = (at: number) => Math.round(at);

function whyOf(row: SlotRow): string | undefined {
  if (row.state === 'static') return devtoolsCopy.staticWhy;
  if (row.state === 'waiting' && !row.why) return devtoolsCopy.waitingWhy;
  return row.why === undefined ? undefined : (devtoolsCopy.reasons[row.why] ?? row.why);
}

function SlotTable({ slots }: { slots: readonly SlotRow[] }) {
  const { columns, states } = devtoolsCopy;
  return (
    <Table>
      <caption>{devtoolsCopy.sections}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.section}</th>
          <th scope="col">{columns.version}</th>
          <th scope="col">{columns.state}</th>
          <th scope="col">{columns.why}</th>
          <th scope="col">{columns.steps}</th>
        </tr>
      </thead>
      <tbody>
        {slots.map((row, index) => (
          <tr key={`${row.slot}-${index}`} data-slot={row.slot} data-state={row.state}>
            <th scope="row">
              {row.module} <Mono>{row.remote}</Mono>
            </th>
            <td>
              <Mono>{row.version ?? '–'}</Mono>
            </td>
            <td>{states[row.state]}</td>
            <td>{whyOf(row) ?? '–'}</td>
            <NoWrap>{row.steps.map((step) => `${step.phase} ${ms(step.at)}`).join(' → ') || '–'}</NoWrap>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function SharedTable({ shared }: { shared: PageReport['shared'] }) {
  const { sharedColumns: columns } = devtoolsCopy;
  if (!shared) return <Note>{devtoolsCopy.sharedNotStarted}</Note>;
  return (
    <Table>
      <caption>{devtoolsCopy.shared}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.name}</th>
          <th scope="col">{columns.version}</th>
          <th scope="col">{columns.from}</th>
          <th scope="col">{columns.usedBy}</th>
          <th scope="col">{columns.required}</th>
        </tr>
      </thead>
      <tbody>
        {shared.map((row) => (
          <tr key={`${row.name}@${row.version}@${row.from}`} data-shared={row.name}>
            <th scope="row">
              <Mono>{row.name}</Mono>
            </th>
            <td>
              <Mono>{row.version}</Mono>
            </td>
            <td>{row.from}</td>
            <td>{row.usedBy.join(', ') || '–'}</td>
            <td>
              <Mono>{row.required === false ? '*' : row.required}</Mono>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function MapTable({ map, bucket }: Pick<PageReport, 'map' | 'bucket'>) {
  const { mapColumns: columns } = devtoolsCopy;
  return (
    <>
      <Note>{devtoolsCopy.bucket(bucket)}</Note>
      {map === null ? <Note>{devtoolsCopy.mapUnavailable}</Note> : null}
      {map ? (
        <Table>
          <caption>{devtoolsCopy.map}</caption>
          <thead>
            <tr>
              <th scope="col">{columns.remote}</th>
              <th scope="col">{columns.version}</th>
              <th scope="col">{columns.traffic}</th>
              <th scope="col">{columns.source}</th>
              <th scope="col">{columns.manifest}</th>
            </tr>
          </thead>
          <tbody>
            {map.map((row) => (
              <tr
                key={`${row.remote}@${row.version}`}
                data-map-entry={row.remote}
                aria-current={row.yours || undefined}
              >
                <th scope="row">
                  <Mono>{row.remote}</Mono>
                </th>
                <td>
                  <Mono>{row.version}</Mono>
                  {row.yours ? ` (${devtoolsCopy.yours})` : null}
                </td>
                <td>{row.isDefault ? devtoolsCopy.defaultVersion : `${row.traffic}%`}</td>
                <td>{row.source ?? '–'}</td>
                <td>
                  <Mono>{row.manifest}</Mono>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </>
  );
}

const vitalNames = ['LCP', 'INP', 'CLS'] as const;

/** LCP and INP in ms, CLS as a score. */
const figureText = (name: (typeof vitalNames)[number], value: number) =>
  name === 'CLS' ? String(value) : `${Math.round(value)} ms`;

function VitalCell({ name, figure }: { name: (typeof vitalNames)[number]; figure?: MetricFigure }) {
  if (!figure) return <td>–</td>;
  return (
    <td title={devtoolsCopy.vitals.samples(figure.samples)}>
      {figureText(name, figure.p75)} <small>({figure.samples})</small>
    </td>
  );
}

/** Visitors' p75s of the versions on the page, and this page load's own figures. */
function VitalsTable({ vitals, own }: { vitals?: VersionVitals; own: PageReport['ownVitals'] }) {
  const copy = devtoolsCopy.vitals;
  const measured = vitalNames.flatMap((name) =>
    own?.[name] === undefined ? [] : [`${name} ${figureText(name, own[name])}`],
  );
  const ownNote = measured.length > 0 ? <Note>{copy.own(measured.join(', '))}</Note> : null;
  if (vitals === undefined || !Array.isArray(vitals) || vitals.length === 0) {
    const why =
      vitals === undefined ? copy.loading : Array.isArray(vitals) ? copy.none : copy[vitals.unavailable];
    return (
      <section data-testid="devtools-vitals">
        <Note>
          <strong>{copy.title}</strong>: {why}
        </Note>
        {ownNote}
      </section>
    );
  }
  return (
    <section data-testid="devtools-vitals">
      <Table>
        <caption>{copy.title}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.columns.version}</th>
            <th scope="col">{copy.columns.route}</th>
            {vitalNames.map((name) => (
              <th scope="col" key={name}>
                {copy.columns[name]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {vitals.map((row) => (
            <tr key={`${row.remote}@${row.version}${row.route}`} data-vitals={`${row.remote}@${row.version}`}>
              <th scope="row">
                <Mono>{row.remote}</Mono> <Mono>{row.version}</Mono>
              </th>
              <td>
                <Mono>{row.route}</Mono>
              </td>
              {vitalNames.map((name) => (
                <VitalCell key={name} name={name} figure={row.metrics[name]} />
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      {ownNote}
    </section>
  );
}

/** The panel itself: only presents the report it is given (use-page-report.ts makes it). */
export function DevtoolsPanel({
  report,
  onClose,
  children,
}: {
  report: PageReport;
  onClose: () => void;
  /** Shown under the title: the session switcher (SessionSwitcher.tsx), in a browser holding a session. */
  children?: ReactNode;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  // Opened with a key or a button: the reader's place moves to it, and Escape gives it back.
  useEffect(() => title.current?.focus(), []);
  return (
    <Panel
      id="page-devtools"
      aria-labelledby="page-devtools-title"
      data-testid="page-devtools"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Header>
        <Title id="page-devtools-title" tabIndex={-1} ref={title}>
          {devtoolsCopy.title}
        </Title>
        <Close type="button" onClick={onClose}>
          {devtoolsCopy.close}
        </Close>
      </Header>
      {children}
      <SlotTable slots={report.slots} />
      <VitalsTable vitals={report.vitals} own={report.ownVitals} />
      <SharedTable shared={report.shared} />
      <MapTable map={report.map} bucket={report.bucket} />
    </Panel>
  );
}
