// The entry of each remote's Node build. It is empty on purpose: the prerenderer loads only the federation
// entry (ssr/remoteEntry.js), and an entry sharing no modules with it lets that entry stay one file.
export {};
