import { remoteNames, remotes } from 'build-config/topology';
import { type EdgeOptions, edgeNginxConfig } from './edge-nginx.ts';

const edgeCertificate = (name: string) => ({
  certificate: `/etc/letsencrypt/live/${name}/fullchain.pem`,
  key: `/etc/letsencrypt/live/${name}/privkey.pem`,
});

/**
 * ops/cdn/edge-nginx.conf is this, rendered: an edge machine with TLS for the site's name and the remotes' CDN
 * name, in front of the origin nginx (pnpm nginx-config --tls-…) on its ports 3000-3003.
 */
export const exampleEdge: EdgeOptions = {
  prefix: '/var/cache/agency-edge',
  user: 'www-data',
  servers: [
    {
      listen: '443',
      serverName: 'www.example.com',
      tls: edgeCertificate('www.example.com'),
      origins: [{ path: '/', origin: 'https://origin.example.com:3000' }],
    },
    {
      listen: '443',
      serverName: 'cdn.example.com',
      tls: edgeCertificate('cdn.example.com'),
      origins: remoteNames.map((name, index) => ({
        path: `/${remotes[name].folder}/`,
        origin: `https://origin.example.com:${3001 + index}/`,
      })),
    },
  ],
};

export const exampleEdgeConfig = () => edgeNginxConfig(exampleEdge);
