import { test } from '@playwright/test';
import { stopDetachedSite } from '../sites/detached-site.ts';
import { nginxSite } from '../sites/nginx-site.ts';

test('stop the site on nginx', async () => {
  test.setTimeout(60_000);
  await stopDetachedSite(nginxSite());
});
