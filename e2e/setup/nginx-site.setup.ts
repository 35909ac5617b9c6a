import { test } from '@playwright/test';
import { startDetachedSite } from '../sites/detached-site.ts';
import { nginxSite } from '../sites/nginx-site.ts';

// A first run may install nginx with apt before the site answers.
test('start the site on nginx', async () => {
  test.setTimeout(300_000);
  await startDetachedSite(nginxSite(), 280_000);
});
