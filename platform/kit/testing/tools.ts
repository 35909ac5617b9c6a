/**
 * For tests that drive a Debian tool (nginx, logrotate, systemd-analyze…): whether it is here, as the condition
 * of `describe.runIf(toolInstalled('nginx'))`. `npm test` installs every one of them first (debian-tools.ts), so
 * a missing tool means apt could not run: in CI that is a failure, thrown here, since CI must run every test; on
 * a developer's machine the test is skipped, with a warning naming the command that installs it, and the test
 * command's summary lists it (dev-tools' conditional-skips.ts reads the tool's name from this call).
 */
import { aptCommandFor, type DebianToolName, debianTool } from '../src/debian-tools.ts';
import { chromePathSetting } from '../src/settings/release-service.ts';
import { inCi } from '../src/settings/tools.ts';

const known = new Map<DebianToolName, boolean>();

export function toolInstalled(name: DebianToolName, env: NodeJS.ProcessEnv = process.env): boolean {
  const cached = known.get(name);
  if (cached !== undefined) return cached;
  const tool = debianTool(name);
  const here = tool.installed({ chromePath: chromePathSetting(env), childEnv: env });
  known.set(name, here);
  if (!here) {
    const reason = `${name} is not installed (${tool.usedBy}): "${aptCommandFor([tool])}"`;
    if (inCi(env)) throw new Error(`${reason}. CI must run every test, and npm test installs it as root.`);
    console.warn(`Skipping the tests that need ${name}: ${reason}.`);
  }
  return here;
}
