import { spawnSync } from 'node:child_process';
import { run } from 'platform-kit/run';
import { processEnvironment } from 'platform-kit/settings/read';

/** Whether `java` runs (the W3C Nu HTML checker, vnu.jar, needs Java 11 or newer). */
const javaRuns = (env: NodeJS.ProcessEnv) =>
  spawnSync('java', ['-version'], { env, stdio: 'ignore' }).status === 0;

/**
 * Java for the e2e suite's HTML validity tests (e2e/tests/quality/html-validity.spec.ts): the machine's, or
 * Debian's default-jre-headless installed with apt when it is missing and we are root (CI), as ensureChromium
 * does for the browser. Never a runtime downloaded by a package (vnu-jar's own install script stays off).
 */
export function ensureJava(env: NodeJS.ProcessEnv = processEnvironment()): boolean {
  if (javaRuns(env)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      'Java is missing, and the HTML validity tests need it: install it with "sudo apt-get install -y default-jre-headless".',
    );
    return false;
  }
  console.log('Installing Debian Java (default-jre-headless) for the HTML validator…');
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], aptEnv) &&
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'default-jre-headless'], aptEnv)
  ) {
    return javaRuns(env);
  }
  console.error('apt-get could not install default-jre-headless.');
  return false;
}
