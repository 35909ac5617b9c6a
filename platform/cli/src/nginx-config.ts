/**
 * Writes nginx's configuration for a deploy folder (platform/hosting/src/nginx/): the static hosts as the embedded host
 * serves them, on the same ports, and with --services the enquiry API and the release service behind them.
 *   pnpm nginx-config --out <file> [--deploy <dir>] [--services] [--tls-certificate <pem> --tls-key <pem>]
 *                     [--server-name <name>] [--user <user>] [--trust-proxy-from <cidr>]…
 */
import { spawnSync } from 'node:child_process';
import { dirname, relative, resolve } from 'node:path';
import { enquiryApiBehindProxy, originOf, releaseServiceBehindProxy } from 'build-config/topology';
import { UsageError } from 'platform-kit/cli';
import { deployDir, repoRoot } from 'platform-kit/paths';
import { nginxSettings, serviceAddresses } from 'platform-kit/settings/hosts';
import { deployDirSetting } from 'platform-kit/settings/site';
import { nginxBinary, nginxInstalled, upstreamSettings } from 'site-hosting/nginx/serve';
import { deployFolder, deployOwner, isAddressRange, writeNginxFiles } from 'site-hosting/nginx/site-model';

export interface NginxConfigOptions {
  out?: string;
  deploy?: string;
  services?: boolean;
  tlsCertificate?: string;
  tlsKey?: string;
  serverName?: string;
  user?: string;
  trustProxyFrom?: string[];
}

/** What the options mean (a host name, a user, an address range) is checked here: the parser only splits them. */
export async function nginxConfig(positionals: readonly string[], values: NginxConfigOptions) {
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
  if (!values.out) throw new UsageError('Say where to write the configuration: --out <file>.');
  const certificate = values.tlsCertificate;
  const key = values.tlsKey;
  if ((certificate === undefined) !== (key === undefined))
    throw new UsageError('TLS needs both --tls-certificate and --tls-key.');
  const serverName = values.serverName;
  if (serverName !== undefined && !/^[A-Za-z0-9.*_-]+( [A-Za-z0-9.*_-]+)*$/.test(serverName))
    throw new UsageError(`--server-name takes host names separated by spaces, got "${serverName}".`);
  if (values.user !== undefined && !/^[a-z_][a-z0-9_-]*$/i.test(values.user))
    throw new UsageError(`--user takes a user name, got "${values.user}".`);
  const { trustProxyFrom } = values;
  const badRange = trustProxyFrom?.find((range) => !isAddressRange(range));
  if (badRange !== undefined)
    throw new UsageError(`--trust-proxy-from takes an address or CIDR range, got "${badRange}".`);
  let deploy: string;
  try {
    deploy = deployFolder(values.deploy ?? deployDir({ deployDir: deployDirSetting(process.env) }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const configFile = resolve(values.out);
  const services = values.services
    ? upstreamSettings(
        {
          enquiryApi: originOf(enquiryApiBehindProxy, process.env),
          releaseService: originOf(releaseServiceBehindProxy, process.env),
        },
        serviceAddresses(process.env),
      )
    : undefined;
  // --trust-proxy-from, when given, stands for AGENCY_TRUST_PROXY_FROM, which is then not read.
  const settings = nginxSettings(process.env, { trustProxyFrom });
  const { njsFile } = await writeNginxFiles(deploy, dirname(configFile), settings, {
    configFile,
    tls: certificate && key ? { certificate: resolve(certificate), key: resolve(key) } : undefined,
    serverName,
    // Where the master starts as root (systemd), its workers must read the deploy: its owner unless told.
    user: values.user ?? deployOwner(deploy),
    upstreams: services,
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
}
