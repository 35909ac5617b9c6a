// Rsbuild's declarations for imported asset files (e.g. `import url from './assets/team.svg'` gives a URL string).
/// <reference types="@rsbuild/core/types" />
