import { type EdgeOptions, edgeNginxConfig } from './edge-nginx.ts';

/** ops/cdn/edge-nginx.conf is this, rendered: an edge machine in front of the origin's TLS servers. */
export const exampleEdge: EdgeOptions = {
  prefix: '/var/cache/agency-edge',
  user: 'www-data',
  servers: [
    { listen: '80', serverName: 'www.example.com', origin: 'https://origin.example.com' },
    { listen: '80', serverName: 'cdn.example.com', origin: 'https://origin-cdn.example.com' },
  ],
};

export const exampleEdgeConfig = () => edgeNginxConfig(exampleEdge);
