import type { SessionPick } from 'federation/preview';
import { useEffect, useState } from 'react';
import { devtoolsCopy } from 'shared-content/site/devtools';
import { styled } from 'shared-content/styling';
import {
  enterSession,
  joinLink,
  type RemoteChoices,
  readChoices,
  type SessionAnswer,
  type SessionChoices,
  type SwitchTarget,
  sessionToken,
  switchRemote,
} from './session-switch.ts';

const copy = devtoolsCopy.switcher;

const Section = styled.section(({ theme }) => ({ marginTop: theme.space[4] }));
const Heading = styled.h3(({ theme }) => ({ margin: 0, fontSize: theme.font.size.md }));
const Row = styled.form(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.space[2],
  marginTop: theme.space[2],
}));
const Field = styled.label({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' });
const Input = styled.input(({ theme }) => ({
  font: 'inherit',
  fontFamily: theme.font.family.mono,
  minWidth: '16rem',
}));
const Note = styled.p(({ theme }) => ({ margin: `${theme.space[2]} 0 0` }));

const pickValue = (pick: SessionPick): string =>
  'version' in pick ? `version:${pick.version}` : 'dev' in pick ? 'dev' : 'live';

function targetOf(value: string, devOrigin: string): SwitchTarget {
  if (value === 'dev') return { dev: devOrigin.trim() };
  if (value.startsWith('version:')) return { version: value.slice('version:'.length) };
  return 'live';
}

/** One remote: live, each published version (marked live or preview), or a dev server, and a Switch button. */
function RemoteRow({
  choices,
  busy,
  onSwitch,
}: {
  choices: RemoteChoices;
  busy: boolean;
  onSwitch: (remote: string, to: SwitchTarget) => void;
}) {
  const [value, setValue] = useState(pickValue(choices.pick));
  const [devOrigin, setDevOrigin] = useState('dev' in choices.pick ? choices.pick.dev : choices.devServer);
  const now = pickValue(choices.pick);
  const label = (version: string) =>
    [
      version,
      version === choices.live ? copy.live() : undefined,
      choices.previews.includes(version) ? copy.preview : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
  const mark = (option: string, text: string) => (option === now ? `${text} (${copy.now})` : text);
  return (
    <Row
      data-switch-remote={choices.remote}
      onSubmit={(event) => {
        event.preventDefault();
        onSwitch(choices.folder, targetOf(value, devOrigin));
      }}
    >
      <Field>
        {copy.remote(choices.folder)}
        <select value={value} onChange={(event) => setValue(event.target.value)} disabled={busy}>
          <option value="live">{mark('live', copy.live(choices.live))}</option>
          {choices.versions.map((version) => (
            <option key={version} value={`version:${version}`}>
              {mark(`version:${version}`, label(version))}
            </option>
          ))}
          <option value="dev">{mark('dev', copy.devServer)}</option>
        </select>
      </Field>
      {value === 'dev' ? (
        <Field>
          {copy.devOrigin(choices.folder)}
          <Input value={devOrigin} onChange={(event) => setDevOrigin(event.target.value)} disabled={busy} />
        </Field>
      ) : null}
      <button type="submit" disabled={busy}>
        {copy.apply}
      </button>
    </Row>
  );
}

export interface SwitcherProps {
  /** Undefined while read; the error's text when the release service could not be asked. */
  choices?: SessionChoices;
  error?: string;
  busy: boolean;
  onSwitch: (remote: string, to: SwitchTarget) => void;
  onJoin: (link: string) => void;
}

/** The switcher as it looks: presentational, so its test needs no service (SessionSwitch gives it its data). */
export function SessionSwitcher({ choices, error, busy, onSwitch, onJoin }: SwitcherProps) {
  const [link, setLink] = useState('');
  return (
    <Section aria-labelledby="session-switcher-title" data-testid="session-switcher">
      <Heading id="session-switcher-title">{copy.title}</Heading>
      <Note>{copy.intro}</Note>
      {error ? <Note role="alert">{copy.unavailable(error)}</Note> : null}
      {!choices && !error ? <Note>{copy.loading}</Note> : null}
      {choices?.remotes.map((remote) => (
        <RemoteRow key={remote.remote} choices={remote} busy={busy} onSwitch={onSwitch} />
      ))}
      <Row
        onSubmit={(event) => {
          event.preventDefault();
          if (link.trim()) onJoin(link.trim());
        }}
      >
        <Field>
          {copy.add}
          <Input value={link} onChange={(event) => setLink(event.target.value)} disabled={busy} />
        </Field>
        <button type="submit" disabled={busy || !link.trim()}>
          {copy.addButton}
        </button>
      </Row>
      {busy ? <Note role="status">{copy.working}</Note> : null}
      {choices ? (
        <Note>
          {copy.until(new Date(choices.until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }))}
        </Note>
      ) : null}
    </Section>
  );
}

/** The switcher with its data: this browser's session asked about, and each choice sent, then the page reloaded. */
export function SessionSwitch({ enter = enterSession }: { enter?: (answer: SessionAnswer) => void }) {
  const [choices, setChoices] = useState<SessionChoices>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const session = sessionToken();
  useEffect(() => {
    if (!session) return;
    let current = true;
    readChoices(session).then(
      (read) => current && setChoices(read),
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [session]);
  const run = (request: Promise<SessionAnswer>) => {
    setBusy(true);
    setError(undefined);
    request.then(enter, (failure: Error) => {
      setBusy(false);
      setError(failure.message);
    });
  };
  if (!session) return null;
  return (
    <SessionSwitcher
      choices={choices}
      error={error}
      busy={busy}
      onSwitch={(remote, to) => run(switchRemote(session, remote, to))}
      onJoin={(link) => run(joinLink(session, link))}
    />
  );
}
