/**
 * Where the previewed version came from (issue 41, item 6): its commit, branch or tag and who released it, as the
 * preview's own map names them (the page writer puts the version's source in the entry of the map only a preview
 * browser is served). Part of the banner's chunk, loaded only in a preview: no byte of it reaches a visitor.
 */
import { describeSource } from 'build-config/release-protocol';
import type { PreviewClaim } from 'federation/preview';
import { parseRemoteMapDocument } from 'federation/remote-map';
import { fetchConfigFile } from '../config/fetch-config.ts';

/** "3f2a9c1d0b7e on main by Jane Doe", or undefined for a dev preview, a version without a source, or no map. */
export async function previewSourceOf(claim: PreviewClaim): Promise<string | undefined> {
  if (!claim.version) return undefined;
  try {
    const document = parseRemoteMapDocument(await fetchConfigFile('/remotes.json'), undefined, {
      integrity: 'optional',
    });
    const versions = document.microFrontends[claim.remote] ?? [];
    const source = versions.find((entry) => entry.metadata.version === claim.version)?.extras?.source;
    return source ? describeSource(source) : undefined;
  } catch {
    // No source line is better than a banner that fails: the rest of it says what the preview is.
    return undefined;
  }
}
