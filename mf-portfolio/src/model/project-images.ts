/**
 * URLs of the project screenshots in ../assets/projects. Imported from source rather than served from a
 * public folder: the build emits them under this remote's public path, which is resolved at run time
 * (assetPrefix 'auto'), so composed inside the shell they still load from this remote's own origin.
 */
const screenshots = import.meta.webpackContext('../assets/projects', {
  recursive: false,
  regExp: /\.svg$/,
});

export function projectImageUrl(file: string): string {
  const exported = screenshots(`./${file}`) as string | { default: string };
  return typeof exported === 'string' ? exported : exported.default;
}
