import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { afterSearchRestored, holdInputUntilSearchRestored } from '../hydration/search-restore.ts';
import { RestoreSearch } from './RestoreSearch.tsx';

/** Where the router is, as a held input would read it when it is performed. */
const seen = { search: '' };
function Where() {
  seen.search = useLocation().search;
  return null;
}

function hydratedAtBarePath(search: string | undefined) {
  return (
    <StrictMode>
      <MemoryRouter initialEntries={['/portfolio']}>
        <Where />
        <RestoreSearch search={search} />
      </MemoryRouter>
    </StrictMode>
  );
}

describe('input held while the page query is restored', () => {
  it('is performed once the router shows the query the page was opened with, and only once', async () => {
    holdInputUntilSearchRestored();
    const performedWith: string[] = [];
    afterSearchRestored(() => performedWith.push(seen.search));
    await act(async () => {
      render(hydratedAtBarePath('?category=All+Projects'));
    });
    expect(performedWith).toEqual(['?category=All+Projects']);
    afterSearchRestored(() => performedWith.push(`later ${seen.search}`));
    expect(performedWith).toEqual(['?category=All+Projects', 'later ?category=All+Projects']);
  });

  it('is performed at once when the page had no query', async () => {
    const performed: string[] = [];
    await act(async () => {
      render(hydratedAtBarePath(undefined));
    });
    afterSearchRestored(() => performed.push(seen.search));
    expect(performed).toEqual(['']);
  });
});
