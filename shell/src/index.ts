// The shell's code is a chunk of its own, which the page preloads beside this small entry (rsbuild.config.ts).
import('./bootstrap.tsx');
