import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { describe, expect, it, vi } from 'vitest';
import { SessionSwitcher } from './SessionSwitcher.tsx';
import { readChoices, type SessionChoices, switchRemote } from './session-switch.ts';

const choices: SessionChoices = {
  until: '2026-11-28T20:00:00.000Z',
  remotes: [
    {
      remote: 'mf_portfolio',
      folder: 'mf-portfolio',
      pick: { version: '1.1.0-bbbbbbbb' },
      live: '1.0.0-aaaaaaaa',
      versions: ['1.1.0-bbbbbbbb', '1.0.0-aaaaaaaa'],
      previews: ['1.1.0-bbbbbbbb'],
      devServer: 'http://localhost:3102',
    },
    {
      remote: 'mf_contact',
      folder: 'mf-contact',
      pick: { live: true },
      live: '2.0.0-cccccccc',
      versions: ['2.0.0-cccccccc'],
      previews: [],
      devServer: 'http://localhost:3103',
    },
  ],
};

function renderSwitcher(props: Partial<Parameters<typeof SessionSwitcher>[0]> = {}) {
  const onSwitch = vi.fn();
  const onJoin = vi.fn();
  renderWithProviders(
    <SessionSwitcher choices={choices} busy={false} onSwitch={onSwitch} onJoin={onJoin} {...props} />,
  );
  return { onSwitch, onJoin };
}

const row = (remote: string) => document.querySelector(`[data-switch-remote="${remote}"]`) as HTMLElement;

describe('the session switcher (issue 44, item 2)', () => {
  it('lists live, each published version (marked live or preview) and a dev server, the current pick marked', () => {
    renderSwitcher();
    const select = within(row('mf_portfolio')).getByRole('combobox', { name: /What mf-portfolio runs/ });
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'live (1.0.0-aaaaaaaa)',
      '1.1.0-bbbbbbbb · preview (now)',
      '1.0.0-aaaaaaaa · live',
      'a dev server on this machine',
    ]);
    expect((select as HTMLSelectElement).value).toBe('version:1.1.0-bbbbbbbb');
    expect(screen.getByText(/Exit preview returns to the live site/)).toBeTruthy();
  });

  it('asks for live, a version or a dev server of the remote chosen', () => {
    const { onSwitch } = renderSwitcher();
    const portfolio = within(row('mf_portfolio'));
    fireEvent.change(portfolio.getByRole('combobox'), { target: { value: 'live' } });
    fireEvent.click(portfolio.getByRole('button', { name: 'Switch' }));
    expect(onSwitch).toHaveBeenLastCalledWith('mf-portfolio', 'live');

    const contact = within(row('mf_contact'));
    fireEvent.change(contact.getByRole('combobox'), { target: { value: 'version:2.0.0-cccccccc' } });
    fireEvent.click(contact.getByRole('button', { name: 'Switch' }));
    expect(onSwitch).toHaveBeenLastCalledWith('mf-contact', { version: '2.0.0-cccccccc' });

    fireEvent.change(contact.getByRole('combobox'), { target: { value: 'dev' } });
    const origin = contact.getByRole('textbox', { name: 'Dev server of mf-contact' }) as HTMLInputElement;
    expect(origin.value).toBe('http://localhost:3103');
    fireEvent.change(origin, { target: { value: 'http://localhost:4103' } });
    fireEvent.click(contact.getByRole('button', { name: 'Switch' }));
    expect(onSwitch).toHaveBeenLastCalledWith('mf-contact', { dev: 'http://localhost:4103' });
  });

  it('adds another team’s link, and says why when the service refused', () => {
    const { onJoin } = renderSwitcher({ error: 'That link has expired: ask for a new preview link.' });
    expect(screen.getByRole('alert').textContent).toContain('That link has expired');
    const field = screen.getByRole('textbox', { name: /Add a preview link/ });
    fireEvent.change(field, { target: { value: ' http://site/__preview?token=abc ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to this session' }));
    expect(onJoin).toHaveBeenCalledWith('http://site/__preview?token=abc');
  });

  it('asks the site’s own origin with the session in the body, and hands on a refusal’s message', async () => {
    const fetcher = vi.fn(async (_path: string, _init?: RequestInit) =>
      Response.json({ error: 'This session holds no preview link of mf-marketing.' }, { status: 403 }),
    );
    await expect(switchRemote('token-x', 'mf-marketing', 'live', fetcher as typeof fetch)).rejects.toThrow(
      'This session holds no preview link of mf-marketing.',
    );
    expect(fetcher).toHaveBeenCalledWith(
      '/__preview/session/switch',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(JSON.parse(fetcher.mock.calls[0]?.[1]?.body as string)).toEqual({
      session: 'token-x',
      remote: 'mf-marketing',
      to: 'live',
    });
    const plain = vi.fn(
      async () => new Response('The release service cannot be reached from the site\n', { status: 502 }),
    );
    await expect(readChoices('token-x', plain as typeof fetch)).rejects.toThrow('cannot be reached');
  });
});
