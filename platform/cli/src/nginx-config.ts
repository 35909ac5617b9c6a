/**
 * Writes nginx's configuration for a deploy folder (platform/hosting/src/nginx/): the static hosts as the embedded host
 * serves them, on the same ports, and with --services the enquiry API and the release service behind them.
 *   pnpm nginx-config --out <file> [--deploy <dir>] [--services] [--tls-certificate <pem> --tls-key <pem>]
 *                     [--server-name <name>] [--user <user>] [--trust-proxy-from <cidr>]…
 */
import { spawnSync } from 'node:child_process';
import { dirname, relative, resolve } from 'node:path';
import { enquiryApiBehindProxy, originOf, releaseServiceBehindProxy } from 'build-config/topology';
import { parseCommandLine, runCommand, UsageError } from 'platform-kit/cli';
import { deployDir, repoRoot } from 'platform-kit/paths';
import { nginxBinary, nginxInstalled, upstreamSettings } from 'site-hosting/nginx/serve';
import { deployFolder, deployOwner, isAddressRange, writeNginxFiles } from 'site-hosting/nginx/site-model';

const usage = `usage: pnpm nginx-config --out <file> [--deploy <dir>] [--services] [--tls-certificate <pem> --tls-key <pem>] [--server-name <name>] [--user <user>] [--trust-proxy-from <cidr>]…

Writes nginx's configuration for the deploy folder (default: AGENCY_DEPLOY_DIR, else deploy/) into <file>, and
the njs module it loads (site.js) beside it; nginx's pid, logs and temporary files go in the same folder. The
ports are the site's (AGENCY_PORT_BASE), the addresses AGENCY_HOST's (unset: loopback), the trusted proxies
AGENCY_TRUST_PROXY's, as for npm start.
  --services          also listen on the enquiry API's and the release service's ports and pass their requests
                      to them on loopback at ports ${originOf(enquiryApiBehindProxy).split(':').pop()} and ${originOf(releaseServiceBehindProxy).split(':').pop()} (run them there: ENQUIRY_PORT, AGENCY_RELEASE_PORT)
  --tls-certificate, --tls-key
                      serve https on every port with this certificate and key (PEM), with Strict-Transport-Security
  --server-name       the site's host name (server_name); default: any
  --user              the workers' user when nginx starts as root (default: the deploy folder's owner;
                      it must read the deploy folder)
  --trust-proxy-from  a CDN's or proxy's address or CIDR range whose X-Forwarded-For names the visitor
                      (repeat for each; default: AGENCY_TRUST_PROXY_FROM, comma-separated)`;

await runCommand(usage, async () => {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), {
    out: { type: 'string' },
    deploy: { type: 'string' },
    services: { type: 'boolean' },
    'tls-certificate': { type: 'string' },
    'tls-key': { type: 'string' },
    'server-name': { type: 'string' },
    user: { type: 'string' },
    'trust-proxy-from': { type: 'string', multiple: true },
    help: { type: 'boolean' },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
  if (!values.out) throw new UsageError('Say where to write the configuration: --out <file>.');
  const certificate = values['tls-certificate'];
  const key = values['tls-key'];
  if ((certificate === undefined) !== (key === undefined))
    throw new UsageError('TLS needs both --tls-certificate and --tls-key.');
  const serverName = values['server-name'];
  if (serverName !== undefined && !/^[A-Za-z0-9.*_-]+( [A-Za-z0-9.*_-]+)*$/.test(serverName))
    throw new UsageError(`--server-name takes host names separated by spaces, got "${serverName}".`);
  if (values.user !== undefined && !/^[a-z_][a-z0-9_-]*$/i.test(values.user))
    throw new UsageError(`--user takes a user name, got "${values.user}".`);
  const trustProxyFrom =
    values['trust-proxy-from'] === undefined ? undefined : [values['trust-proxy-from']].flat();
  const badRange = trustProxyFrom?.find((range) => !isAddressRange(range));
  if (badRange !== undefined)
    throw new UsageError(`--trust-proxy-from takes an address or CIDR range, got "${badRange}".`);
  let deploy: string;
  try {
    deploy = deployFolder(values.deploy ?? deployDir());
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const configFile = resolve(values.out);
  const services = values.services
    ? upstreamSettings(
        { enquiryApi: originOf(enquiryApiBehindProxy), releaseService: originOf(releaseServiceBehindProxy) },
        process.env,
      )
    : undefined;
  const { njsFile } = await writeNginxFiles(deploy, dirname(configFile), process.env, {
    configFile,
    tls: certificate && key ? { certificate: resolve(certificate), key: resolve(key) } : undefined,
    serverName,
    // Where the master starts as root (systemd), its workers must read the deploy: its owner unless told.
    user: values.user ?? deployOwner(deploy),
    upstreams: services,
    trustProxyFrom,
  });
  const shown = (file: string) =>
    relative(repoRoot, file).startsWith('..') ? file : relative(repoRoot, file);
  console.log(
    `Wrote ${shown(configFile)} and its njs module ${shown(njsFile)} for the deploy ${shown(deploy)}.`,
  );
  if (nginxInstalled()) {
    const folder = `${dirname(configFile)}/`;
    const check = spawnSync(
      nginxBinary,
      ['-t', '-q', '-p', folder, '-e', `${folder}error.log`, '-c', configFile],
      {
        encoding: 'utf8',
      },
    );
    if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr.trim()}`);
    console.log('nginx -t accepts it.');
  } else console.log('nginx is not installed here: it was not checked with nginx -t.');
  console.log(
    `Run it with: nginx -p ${dirname(configFile)}/ -c ${configFile}   (reload after regenerating: nginx -s reload -p … -c …)`,
  );
});
