/**
 * The release service's log lines: one line each, whatever a client sent. A request's path, a forwarded address,
 * a version or a reason could hold a CR or LF (`POST /v1/x%0d%0aRelease service: … by operator`), an ESC that
 * rewrites a terminal, or U+2028; each is written as a `\uXXXX` escape, so nothing a client sends can start a
 * line of its own or pass for one the service wrote.
 */

interface Log {
  info(line: string): void;
  error(line: string): void;
}

const lineBreakers = /[\p{Cc}\u2028\u2029]/gu;

export const escapedLine = (text: string): string =>
  text.replace(lineBreakers, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The log, every line it is given escaped first. */
export const escapedLog = <L extends Log>(log: L): L => ({
  ...log,
  info: (line: string) => log.info(escapedLine(line)),
  error: (line: string) => log.error(escapedLine(line)),
});
