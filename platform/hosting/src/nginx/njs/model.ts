/**
 * What nginx's njs module knows of the deploy, fixed when it is bundled (bundle.ts) for one deploy folder:
 * absolute paths and the file names the Node side defines in modules that read files (and so cannot be bundled).
 */
export interface NjsModel {
  /** The deploy folder, absolute. */
  deploy: string;
  /** Relative to the deploy: the shell's folder and the generated pages' folder. */
  shellFolder: string;
  pagesFolder: string;
  /** File names beside the pages (deploy-folder/inline-scripts.ts). */
  inlineScriptsIndexName: string;
  /** The preview secret, relative to the deploy (preview/token.ts). */
  previewSecret: string;
  /** The revoked preview links, relative to the deploy (deploy-folder/preview/revocations.ts). */
  previewRevocations: string;
  /** The preview sessions' versions files' folder, relative to the deploy (deploy-model/layout.ts). */
  previewSessions: string;
  /** The 404 page's file name (pages.ts). */
  notFoundPage: string;
  /**
   * Absolute: where the page module keeps each shell policy it built, named by the SHA-256 of the files it was
   * built from (site.ts). None: built for every page.
   */
  policyCache?: string;
}
